/**
 * VAT as data, and its arithmetic, for the site, the edge functions and scripts alike. Prices are
 * VAT-inclusive (issue 29): a line's VAT is the part of its price the rate accounts for.
 *
 * Tax classes are KRA's eTIMS taxation types (A exempt, B standard, C zero-rated, D non-VAT,
 * E reduced); a class's rate is data (it changes by law: the database's tax classes hold it),
 * never a constant in this code. KRA_TAX_TYPES is eTIMS's code list as of 2026, the seed.
 *
 * Rounding rule (docs/etims.md): per line, in whole cents, the VAT inside the line's inclusive
 * amount is amount × rate / (100 + rate) rounded to the cent half up (half away from zero for a
 * credit's negative amount); the net (taxable) part is the amount minus that VAT. Why per line:
 * eTIMS carries each item's tax (`itemList[].taxAmt`) and sums them per type and in total, so the
 * invoice, the credit note and KRA's record agree only if the lines are rounded and then summed,
 * never the total re-rounded. Why net = amount - VAT: each line's parts add back to its price to
 * the cent, so the document's total is exactly what was paid. The same rule serves KES and USD
 * (both have cents).
 */

/** KRA's taxation type codes. */
export const TAX_TYPE_CODES = ['A', 'B', 'C', 'D', 'E'] as const;
export type TaxTypeCode = (typeof TAX_TYPE_CODES)[number];

export interface TaxClass {
  code: TaxTypeCode;
  label: string;
  /** The rate in basis points (16 % is 1600), so a rate such as 14.5 % stays exact. */
  rateBasisPoints: number;
}

/** eTIMS's taxation types and their rates as KRA lists them (selectCodeList, code class 04). */
export const KRA_TAX_TYPES: readonly TaxClass[] = [
  { code: 'A', label: 'Exempt', rateBasisPoints: 0 },
  { code: 'B', label: 'VAT 16 %', rateBasisPoints: 1600 },
  { code: 'C', label: 'Zero-rated', rateBasisPoints: 0 },
  { code: 'D', label: 'Non-VAT', rateBasisPoints: 0 },
  { code: 'E', label: 'VAT 8 %', rateBasisPoints: 800 },
];

/** The classes with a rate of their own; the others carry none by definition (tax_classes_untaxed_have_no_rate). */
export const RATED_TAX_TYPE_CODES = ['B', 'E'] as const satisfies readonly TaxTypeCode[];

/** A rate typed in per cent ("16", "14.5") in basis points, or null when it is not 0 to 100 with at most 2 decimals. */
export function basisPointsFromPercent(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const basisPoints = Math.round(Number(trimmed) * 100);
  return basisPoints <= 10_000 ? basisPoints : null;
}

export function isTaxTypeCode(value: unknown): value is TaxTypeCode {
  return typeof value === 'string' && (TAX_TYPE_CODES as readonly string[]).includes(value);
}

/** The rate in per cent, as eTIMS's `taxRtX` fields carry it (16, 8, 0). */
export const ratePercent = (taxClass: TaxClass): number => taxClass.rateBasisPoints / 100;

/** An amount in whole cents; refuses what is not a whole number of cents (a price is). */
export function toCents(amount: number): number {
  const cents = Math.round(amount * 100);
  if (!Number.isFinite(amount) || Math.abs(cents - amount * 100) > 1e-6)
    throw new RangeError(`${amount} is not an amount in whole cents`);
  return cents;
}

export const fromCents = (cents: number): number => cents / 100;

/** numerator / denominator rounded half away from zero, in exact integer arithmetic. */
function divideRounded(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  return sign * (2 * remainder >= denominator ? quotient + 1 : quotient);
}

export interface VatSplit {
  /** The VAT-inclusive amount: what the buyer pays for the line. */
  grossCents: number;
  /** The VAT inside it, rounded to the cent. */
  vatCents: number;
  /** The taxable amount before VAT: gross - vat. */
  netCents: number;
}

/** The VAT inside one VAT-inclusive amount in cents, by the rule above. */
export function splitInclusiveCents(grossCents: number, taxClass: TaxClass): VatSplit {
  if (!Number.isSafeInteger(grossCents)) throw new RangeError(`${grossCents} is not a whole number of cents`);
  const rate = taxClass.rateBasisPoints;
  if (!Number.isInteger(rate) || rate < 0) throw new RangeError(`tax class ${taxClass.code} has no valid rate`);
  // Exact while grossCents × rate stays below 2^53: amounts up to about 10^11 cents at 100 %.
  const vatCents = rate === 0 ? 0 : divideRounded(grossCents * rate, 10_000 + rate);
  return { grossCents, vatCents, netCents: grossCents - vatCents };
}

export interface VatLine {
  /** The line's VAT-inclusive unit price in the document's currency. */
  unitPrice: number;
  quantity: number;
  taxClass: TaxClass;
  /**
   * The line's VAT-inclusive amount when it is less than unit price × quantity (an order's KES
   * total shared between its lines to the cent): the difference is the line's discount.
   */
  amount?: number;
}

export interface VatLineSplit extends VatSplit {
  taxClass: TaxClass;
  /** Unit price × quantity; above grossCents by the line's discount when `amount` is given. */
  listCents: number;
}

export interface VatClassTotal extends VatSplit {
  taxClass: TaxClass;
}

export interface VatDocument {
  lines: VatLineSplit[];
  /** One entry per tax class used, in KRA's code order. */
  byClass: VatClassTotal[];
  total: VatSplit;
}

/** Each line split (its amount, unit price × quantity unless given, then the VAT inside it), the sums per class and in total. */
export function splitDocument(lines: readonly VatLine[]): VatDocument {
  const split = lines.map((line) => {
    if (!Number.isInteger(line.quantity) || line.quantity < 1)
      throw new RangeError(`a line's quantity must be a whole number of at least 1, not ${line.quantity}`);
    const listCents = toCents(line.unitPrice) * line.quantity;
    const grossCents = line.amount === undefined ? listCents : toCents(line.amount);
    if (grossCents < 0 || grossCents > listCents)
      throw new RangeError(`a line's amount ${line.amount} must lie between 0 and its unit price × quantity`);
    return { ...splitInclusiveCents(grossCents, line.taxClass), taxClass: line.taxClass, listCents };
  });
  const sum = (parts: readonly VatSplit[]): VatSplit => ({
    grossCents: parts.reduce((s, p) => s + p.grossCents, 0),
    vatCents: parts.reduce((s, p) => s + p.vatCents, 0),
    netCents: parts.reduce((s, p) => s + p.netCents, 0),
  });
  const byClass = TAX_TYPE_CODES.flatMap((code) => {
    const ofClass = split.filter((line) => line.taxClass.code === code);
    const [first] = ofClass;
    return first ? [{ ...sum(ofClass), taxClass: first.taxClass }] : [];
  });
  return { lines: split, byClass, total: sum(split) };
}
