import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  checkSymbol,
  formatCertificateCode,
  generateCertificateCode,
  parseCertificateCode,
} from './certificate-code.ts';

const samples = Array.from({ length: 40 }, () => generateCertificateCode());
samples.push('000000000000', 'ZZZZZZZZZZZ' + checkSymbol('ZZZZZZZZZZZ'));

describe('certificate codes', () => {
  it('are 12 symbols of the alphabet, 55 random bits, and pass their own check', () => {
    for (const code of samples) {
      expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`));
      expect(parseCertificateCode(code)).toEqual({ ok: true, code });
    }
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(CODE_ALPHABET).not.toMatch(/[ILOU]/);
    expect(Math.log2(32) * (CODE_LENGTH - 1)).toBeGreaterThanOrEqual(50);
  });

  it('differ from each other (drawn at random, not counted)', () => {
    const many = new Set(Array.from({ length: 2000 }, () => generateCertificateCode()));
    expect(many.size).toBe(2000);
    // Every symbol turns up in every random position across the draws.
    for (let position = 0; position < CODE_LENGTH - 1; position++) {
      expect(new Set([...many].map((code) => code[position])).size).toBe(32);
    }
  });

  it('catch every single-symbol change, the check symbol included', () => {
    let tried = 0;
    for (const code of samples) {
      for (let position = 0; position < CODE_LENGTH; position++) {
        for (const symbol of CODE_ALPHABET) {
          if (symbol === code[position]) continue;
          const changed = code.slice(0, position) + symbol + code.slice(position + 1);
          expect(parseCertificateCode(changed), changed).toMatchObject({ ok: false, reason: 'check' });
          tried++;
        }
      }
    }
    expect(tried).toBe(samples.length * CODE_LENGTH * 31);
  });

  it('catch every swap of two different neighbours, the check symbol included', () => {
    let tried = 0;
    for (const code of samples) {
      for (let position = 0; position + 1 < CODE_LENGTH; position++) {
        if (code[position] === code[position + 1]) continue;
        const swapped = code.slice(0, position) + code[position + 1] + code[position] + code.slice(position + 2);
        expect(parseCertificateCode(swapped), swapped).toMatchObject({ ok: false, reason: 'check' });
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(samples.length * 5);
  });

  it('catch every swap of neighbours in every position, over all pairs of symbols', () => {
    const base = samples[0]!.slice(0, CODE_LENGTH - 1);
    let tried = 0;
    for (let position = 0; position + 1 < CODE_LENGTH; position++) {
      for (const first of CODE_ALPHABET) {
        for (const second of CODE_ALPHABET) {
          // A valid code with first then second here (the last pair: second is the check symbol).
          const randomPart =
            position + 2 < CODE_LENGTH
              ? base.slice(0, position) + first + second + base.slice(position + 2)
              : base.slice(0, position) + first;
          const valid = randomPart + checkSymbol(randomPart);
          const [left, right] = [valid[position]!, valid[position + 1]!];
          if (left === right || (position + 2 === CODE_LENGTH && second !== CODE_ALPHABET[0])) continue;
          const swapped = valid.slice(0, position) + right + left + valid.slice(position + 2);
          expect(parseCertificateCode(swapped).ok, swapped).toBe(false);
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThan(10 * 32 * 31);
  });

  it('read typed input whatever its case, spaces, hyphens and look-alikes', () => {
    const code = samples[1]!;
    const printed = formatCertificateCode(code);
    expect(printed).toMatch(/^.{4}-.{4}-.{4}$/);
    expect(parseCertificateCode(printed)).toEqual({ ok: true, code });
    expect(parseCertificateCode(` ${printed.toLowerCase().replace(/-/g, ' - ')} `)).toEqual({ ok: true, code });
    expect(parseCertificateCode('0000 0000 0000')).toEqual({ ok: true, code: '000000000000' });
    expect(parseCertificateCode('oooo-OOOO-0000')).toEqual({ ok: true, code: '000000000000' });
    const withOne = '1111111111' + '1';
    const oneCode = withOne.slice(0, 11) + checkSymbol(withOne.slice(0, 11));
    expect(parseCertificateCode(oneCode.replace(/1/g, 'l'))).toEqual({ ok: true, code: oneCode });
    expect(parseCertificateCode(oneCode.replace(/1/g, 'I'))).toEqual({ ok: true, code: oneCode });
  });

  it('refuse empty, short, long and foreign input in words', () => {
    expect(parseCertificateCode('  ')).toMatchObject({ ok: false, reason: 'empty' });
    expect(parseCertificateCode('ABCD-EFGH')).toMatchObject({
      ok: false,
      reason: 'length',
      message: expect.stringContaining('12 characters'),
    });
    expect(parseCertificateCode(samples[2]! + '0')).toMatchObject({ ok: false, reason: 'length' });
    expect(parseCertificateCode('ABCD-EFGH-JKU0')).toMatchObject({
      ok: false,
      reason: 'symbol',
      message: expect.stringContaining('"U"'),
    });
    expect(parseCertificateCode('ABCD/EFGH/JK00')).toMatchObject({ ok: false, reason: 'symbol' });
  });
});
