/** Password rules with GoTrue's reasons and messages, bcrypt hashing, and ban durations. */
import { describe, expect, it } from 'vitest';
import { parseGoDuration } from './go-duration.ts';
import { lettersAndDigits } from './options.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';

const rules = { minLength: 8, requiredCharacters: lettersAndDigits };

describe('passwordProblem', () => {
  it('accepts a password meeting every rule', () => {
    expect(passwordProblem('abcdefg1', rules)).toBeNull();
  });

  it('gives the reasons in GoTrue order with its joined message', () => {
    const problem = passwordProblem('!!', rules);
    expect(problem).toMatchObject({
      status: 422,
      code: 'weak_password',
      weakPasswordReasons: ['length', 'characters'],
    });
    expect(problem?.message).toBe(
      'Password should be at least 8 characters. Password should contain at least one character of each: ' +
        'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
    );
    expect(passwordProblem('12345678', rules)?.weakPasswordReasons).toEqual(['characters']);
    expect(passwordProblem('abc1', { minLength: 8, requiredCharacters: [] })?.weakPasswordReasons).toEqual(['length']);
  });

  it('refuses more than 72 bytes, as bcrypt would truncate them', () => {
    expect(passwordProblem(`a1${'é'.repeat(36)}`, rules)).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('hashing', () => {
  it('hashes with bcrypt cost 10 and verifies', async () => {
    const hash = await hashPassword('Passw0rd!');
    expect(hash).toMatch(/^\$2[aby]\$10\$/);
    expect(await verifyPassword('Passw0rd!', hash)).toBe(true);
    expect(await verifyPassword('passw0rd!', hash)).toBe(false);
    expect(await verifyPassword('anything', null)).toBe(false);
  });
});

describe('parseGoDuration', () => {
  it('reads Go durations and rejects anything else', () => {
    expect(parseGoDuration('24h')).toBe(86_400_000);
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('1.5s')).toBe(1500);
    expect(parseGoDuration('0')).toBe(0);
    expect(parseGoDuration('')).toBeNull();
    expect(parseGoDuration('3 days')).toBeNull();
  });
});
