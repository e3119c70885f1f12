import { describe, expect, it } from 'vitest';
import { normaliseMpesaPhone } from './mpesa-phone';

describe('normaliseMpesaPhone (checkout)', () => {
  it('accepts 07XX, 01XX, +2547XX and 2547XX and gives 2547XXXXXXXX', () => {
    expect(normaliseMpesaPhone('0712 345 678')).toBe('254712345678');
    expect(normaliseMpesaPhone('0112-345-678')).toBe('254112345678');
    expect(normaliseMpesaPhone('+254 712 345 678')).toBe('254712345678');
    expect(normaliseMpesaPhone('254712345678')).toBe('254712345678');
  });

  it('refuses numbers M-Pesa cannot push to', () => {
    for (const raw of ['+44 20 7946 0958', '020 234 5678', '0712', ''])
      expect(normaliseMpesaPhone(raw), raw).toBeNull();
  });
});
