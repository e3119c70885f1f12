/**
 * Changing a VAT rate (issue 29): which classes have a rate of their own, and a rate as finance
 * types it. Apart from vat.ts, which the checkout loads, so the public pages carry none of it.
 */
import type { TaxTypeCode } from './vat.ts';

/** The classes with a rate of their own; the others carry none by definition (tax_classes_untaxed_have_no_rate). */
export const RATED_TAX_TYPE_CODES = ['B', 'E'] as const satisfies readonly TaxTypeCode[];

/** A rate typed in per cent ("16", "14.5") in basis points, or null when it is not 0 to 100 with at most 2 decimals. */
export function basisPointsFromPercent(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const basisPoints = Math.round(Number(trimmed) * 100);
  return basisPoints <= 10_000 ? basisPoints : null;
}
