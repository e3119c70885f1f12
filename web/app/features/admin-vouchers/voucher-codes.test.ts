import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, CODE_FORMAT, generateVoucherCodes, normaliseVoucherCode } from './voucher-codes';

describe('generateVoucherCodes', () => {
  it('makes distinct codes of 32 unambiguous symbols that the database accepts', () => {
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(CODE_ALPHABET).not.toMatch(/[01IO]/);
    const codes = generateVoucherCodes(500, 'spring 26');
    expect(new Set(codes).size).toBe(500);
    for (const code of codes) {
      expect(code).toMatch(/^SPRING26-[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
      expect(code).toMatch(CODE_FORMAT);
    }
    expect(generateVoucherCodes(1)[0]).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
  });

  it('uses every symbol (no bias towards part of the alphabet)', () => {
    const seen = new Set(generateVoucherCodes(200).join('').replace(/-/g, ''));
    expect(seen.size).toBe(32);
  });

  it('refuses a count or prefix the database would not take, in words', () => {
    expect(() => generateVoucherCodes(0)).toThrow('Generate from 1 to 1000 codes at a time.');
    expect(() => generateVoucherCodes(1001)).toThrow('Generate from 1 to 1000 codes at a time.');
    expect(() => generateVoucherCodes(1, 'no/slash')).toThrow('A prefix has only letters, digits');
    expect(() => generateVoucherCodes(1, 'A'.repeat(21))).toThrow('at most 20 characters');
  });
});

describe('normaliseVoucherCode', () => {
  it('reads a code as create_order does: capitals, spaces dropped', () => {
    expect(normaliseVoucherCode(' spring 20 ')).toBe('SPRING20');
  });
});
