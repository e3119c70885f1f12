/** M-Pesa phone numbers: every way a Kenyan customer writes one, and what is not one. */
import { describe, expect, it } from 'vitest';
import { maskPhone, normaliseMpesaPhone } from './phone.ts';

describe('normaliseMpesaPhone', () => {
  it('turns 07XX, 01XX, +2547XX and 2547XX into 2547XXXXXXXX', () => {
    expect(normaliseMpesaPhone('0712345678')).toBe('254712345678');
    expect(normaliseMpesaPhone('0112 345 678')).toBe('254112345678');
    expect(normaliseMpesaPhone('+254 712 345 678')).toBe('254712345678');
    expect(normaliseMpesaPhone('254712345678')).toBe('254712345678');
    expect(normaliseMpesaPhone(' (0712) 345-678 ')).toBe('254712345678');
    expect(normaliseMpesaPhone('+254-110.345.678')).toBe('254110345678');
  });

  it('refuses landlines, foreign numbers, short and long numbers', () => {
    for (const input of [
      '0202345678',
      '+447946095812',
      '071234567',
      '07123456789',
      '254812345678',
      '',
      'abc',
      '+0712345678',
    ])
      expect(normaliseMpesaPhone(input), input).toBeNull();
  });
});

describe('maskPhone', () => {
  it('keeps the country code and the last four digits only', () => {
    expect(maskPhone('254712345678')).toBe('2547****5678');
  });
});
