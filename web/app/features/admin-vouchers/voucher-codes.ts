/**
 * Voucher codes made in bulk (issue 30): unguessable, from the platform's cryptographic random
 * source, in letters and digits people cannot confuse when typing one from a printout
 * (no 0 or O, no 1 or I). Ten characters of 32 carry 50 bits: guessing one of a batch of 1,000 takes
 * about 10^12 tries, and create_order is throttled per client.
 */

/** 32 symbols: a byte's low 5 bits pick one without bias. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const RANDOM_LENGTH = 10;
/** What vouchers_code_format allows: capitals, digits, - and _, 3 to 40 characters. */
export const CODE_FORMAT = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;
export const MAX_PREFIX_LENGTH = 20;
export const MAX_BATCH = 1000;

/** As create_order reads a typed code: capitals, no spaces (private.normalise_voucher_code). */
export function normaliseVoucherCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

function randomPart(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RANDOM_LENGTH));
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte & 31]).join('');
}

/** `count` distinct codes, each "PREFIX-" (when given) and ten random symbols in two groups of five. */
export function generateVoucherCodes(count: number, prefix = ''): string[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_BATCH)
    throw new RangeError(`Generate from 1 to ${MAX_BATCH} codes at a time.`);
  const start = normaliseVoucherCode(prefix);
  if (start && !/^[A-Z0-9][A-Z0-9_-]*$/.test(start))
    throw new RangeError('A prefix has only letters, digits, - and _, and starts with a letter or digit.');
  if (start.length > MAX_PREFIX_LENGTH) throw new RangeError(`A prefix has at most ${MAX_PREFIX_LENGTH} characters.`);
  const codes = new Set<string>();
  while (codes.size < count) {
    const random = randomPart();
    codes.add(`${start ? `${start.replace(/-$/, '')}-` : ''}${random.slice(0, 5)}-${random.slice(5)}`);
  }
  return [...codes];
}
