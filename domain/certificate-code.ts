/**
 * Certificate codes (issue 27, item 4): short enough to type from paper, impossible to guess,
 * and checked before any lookup so a typo says "typo", not "not found".
 *
 * A code is 11 random symbols (55 bits from the platform's CSPRNG) and 1 check symbol, in
 * Crockford's base32 (no I, L, O or U: nothing to misread). The check is Damm's algorithm over
 * the quasigroup x * y = 2x + y in GF(32): the quasigroup is totally anti-symmetric, so the
 * check catches every single-symbol change and every swap of two neighbours, the check symbol
 * included, with a check symbol from the same alphabet. The database computes the same check
 * (private.certificate_check_symbol); certificate-code.test.ts holds both to each other.
 */

export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random symbols per code: 11 x 5 = 55 bits. */
export const CODE_RANDOM_SYMBOLS = 11;
export const CODE_LENGTH = CODE_RANDOM_SYMBOLS + 1;

/** Multiplication by 2 (x) in GF(32) built on x^5 + x^2 + 1. */
function timesTwo(value: number): number {
  const shifted = value << 1;
  return shifted & 0b100000 ? shifted ^ 0b100101 : shifted;
}

/** The Damm interim after the symbols' values: fold of (interim, v) -> 2 * interim XOR v. */
function dammInterim(values: readonly number[]): number {
  return values.reduce((interim, value) => timesTwo(interim) ^ value, 0);
}

/** The check symbol that brings the code's interim to 0. */
export function checkSymbol(randomPart: string): string {
  const values = [...randomPart].map((symbol) => CODE_ALPHABET.indexOf(symbol));
  if (values.some((value) => value < 0)) throw new Error(`not a code symbol in ${randomPart}`);
  return CODE_ALPHABET[timesTwo(dammInterim(values))]!;
}

/** A new code, canonical (12 symbols, no separators). */
export function generateCertificateCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_RANDOM_SYMBOLS));
  // 256 is a multiple of 32: the low five bits of a uniform byte are uniform.
  const randomPart = [...bytes].map((byte) => CODE_ALPHABET[byte & 31]).join('');
  return randomPart + checkSymbol(randomPart);
}

export type ParsedCode =
  { ok: true; code: string } | { ok: false; reason: 'empty' | 'length' | 'symbol' | 'check'; message: string };

/**
 * Typed input to the canonical code: case, spaces and hyphens do not matter, and the look-alikes
 * Crockford allows read as what they look like (O as 0, I and L as 1).
 */
export function parseCertificateCode(input: string): ParsedCode {
  const typed = input
    .toUpperCase()
    .replace(/[\s\-‐-―]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (typed === '') return { ok: false, reason: 'empty', message: 'Please enter the code printed on the certificate.' };
  const stray = [...typed].find((symbol) => !CODE_ALPHABET.includes(symbol));
  if (stray !== undefined) {
    return {
      ok: false,
      reason: 'symbol',
      message: `A certificate code has only digits and letters (no U); "${stray}" is not one of them. Please check the code.`,
    };
  }
  if (typed.length !== CODE_LENGTH) {
    return {
      ok: false,
      reason: 'length',
      message: `A certificate code has ${CODE_LENGTH} characters; this one has ${typed.length}. Please check the code.`,
    };
  }
  if (dammInterim([...typed].map((symbol) => CODE_ALPHABET.indexOf(symbol))) !== 0) {
    return {
      ok: false,
      reason: 'check',
      message:
        'This code has a typing error: one character is wrong or two are swapped. Please check it against the certificate.',
    };
  }
  return { ok: true, code: typed };
}

/** The code as printed and linked: three groups of four (ABCD-EFGH-JKMN). */
export function formatCertificateCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-');
}

/** The verification page of a certificate (what its QR code and e-mail link to), from the site's origin. */
export function certificateVerifyUrl(siteUrl: string, code: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/verify/${formatCertificateCode(code)}`;
}
