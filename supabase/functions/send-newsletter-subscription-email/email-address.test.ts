/** The newsletter's e-mail rule: what the browser accepts, minus what no mailbox can have. */
import { describe, expect, it } from 'vitest';
import { normaliseEmail } from './email-address.ts';

describe('normaliseEmail', () => {
  it('trims and lower-cases a valid address', () => {
    expect(normaliseEmail('  Jane.Doe+news@Example.CO.ke ')).toBe('jane.doe+news@example.co.ke');
    expect(normaliseEmail("o'brien_x@sub-domain.example.org")).toBe("o'brien_x@sub-domain.example.org");
  });

  it('rejects what is not an address', () => {
    const invalid = [
      '',
      '   ',
      'plain',
      '@example.com',
      'a@',
      'a@b',
      'a b@example.com',
      'a@exa mple.com',
      'a@@example.com',
      'a@-example.com',
      'a@example-.com',
      'a@example..com',
      '.a@example.com',
      'a.@example.com',
      'a..b@example.com',
      '<script>@example.com',
      'a@example.com\nBcc: x@y.z',
    ];
    for (const value of invalid) expect(normaliseEmail(value), JSON.stringify(value)).toBeNull();
  });

  it('rejects values that are not strings', () => {
    for (const value of [undefined, null, 42, ['a@example.com'], { email: 'a@example.com' }])
      expect(normaliseEmail(value)).toBeNull();
  });

  it('enforces the 254-character limit and the 64-character local part', () => {
    const address = (localLength: number, lastLabel: number) =>
      `${'a'.repeat(localLength)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(lastLabel)}.ke`;
    expect(address(64, 58)).toHaveLength(254);
    expect(normaliseEmail(address(64, 58))).toBe(address(64, 58));
    expect(normaliseEmail(address(64, 59))).toBeNull(); // 255 characters
    expect(normaliseEmail(`${'a'.repeat(65)}@example.com`)).toBeNull();
  });
});
