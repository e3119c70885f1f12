/** Kenyan and international numbers, as the order function's private.normalise_phone takes them. */
import { describe, expect, it } from 'vitest';
import { formatPhone, normalisePhone } from './phone.ts';

describe('normalisePhone', () => {
  it('takes Kenyan mobile and landline formats', () => {
    expect(normalisePhone('0712 345 678')).toBe('+254712345678');
    expect(normalisePhone('0112345678')).toBe('+254112345678');
    expect(normalisePhone('254712345678')).toBe('+254712345678');
    expect(normalisePhone('+254 712 345 678')).toBe('+254712345678');
    expect(normalisePhone('(0712) 345-678')).toBe('+254712345678');
  });

  it('takes international numbers with + or 00', () => {
    expect(normalisePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('0044 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('+1 (415) 555-0132')).toBe('+14155550132');
  });

  it('refuses what is not a phone number', () => {
    for (const raw of [
      '',
      'call me',
      '12345',
      '0812 345 678',
      '+254 812 345 678',
      '+2547123456789',
      '07123456789',
      '+0 123 456 789',
      `+${'1'.repeat(30)}`,
      '+254 712 345 678 ext 2',
    ]) {
      expect(normalisePhone(raw), raw).toBeNull();
    }
  });
});

describe('formatPhone', () => {
  it('groups a Kenyan number as Kenyans write it', () => {
    expect(formatPhone('+254712345678')).toBe('+254 712 345 678');
    expect(formatPhone('+254112345678')).toBe('+254 112 345 678');
  });

  it('leaves other numbers as stored', () => {
    expect(formatPhone('+442079460958')).toBe('+442079460958');
    expect(formatPhone('+2547123456789')).toBe('+2547123456789');
  });
});
