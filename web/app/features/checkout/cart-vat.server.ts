/**
 * GET /checkout/prices?line=<program id>:<seats>:<unit price>:<currency>&line=…: the VAT inside
 * the cart's totals (issue 29), for the cart screen (a mode of the checkout's prices route: a route
 * of its own would add to the route list every page loads). The cart keeps no tax class, so each program's
 * class comes from the database and the split is vat-totals.ts's on the cart's own prices (the
 * totals it shows; the checkout reprices from the database anyway). `{ vat: null }` while a
 * program or its class is unknown: the VAT is never guessed. Malformed lines are a 400 in words.
 * Computed here so the cart's browser code shares no VAT module with the checkout's (budget).
 */
import { MAX_SEATS_PER_PROGRAM } from '../../../../domain/limits.ts';
import type { TaxClass } from '../../../../domain/vat.ts';
import { isCurrency } from '../../lib/money';
import { isUuid } from '../../lib/uuid';
import { MAX_QUOTE_PROGRAMS } from './quote';
import { vatTotals } from './vat-totals';

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

/** No seat of any program costs this much: a bound on what the split is asked to add up. */
const MAX_UNIT_PRICE = 100_000_000;

function parseLine(text: string) {
  const [programId = '', seats = '', price = '', currency = ''] = text.split(':');
  const quantity = Number(seats);
  const unitPrice = Number(price);
  if (
    !isUuid(programId) ||
    !Number.isInteger(quantity) ||
    quantity < 1 ||
    quantity > MAX_SEATS_PER_PROGRAM ||
    !/^\d+(\.\d{1,2})?$/.test(price) ||
    unitPrice > MAX_UNIT_PRICE ||
    !isCurrency(currency)
  )
    return null;
  return { programId, quantity, unitPrice, currency };
}

/** Each program's tax class by id (null: unknown or without one), read by the route from the catalogue. */
export type ReadTaxClasses = (programIds: readonly string[]) => Promise<Map<string, TaxClass | null>>;

/** The answer for the `line` parameters' texts. */
export async function cartVatResponse(texts: readonly string[], readClasses: ReadTaxClasses): Promise<Response> {
  if (texts.length === 0 || texts.length > MAX_QUOTE_PROGRAMS)
    return json({ error: `Give between 1 and ${MAX_QUOTE_PROGRAMS} cart lines.` }, 400);
  const lines = texts.map(parseLine);
  if (lines.some((line) => line === null))
    return json(
      { error: `Each line is <program id>:<seats, 1 to ${MAX_SEATS_PER_PROGRAM}>:<unit price>:<USD or KES>.` },
      400,
    );
  const known = lines.filter((line) => line !== null);
  try {
    const classOf = await readClasses([...new Set(known.map((line) => line.programId))]);
    return json({ vat: vatTotals(known.map((line) => ({ ...line, taxClass: classOf.get(line.programId) ?? null }))) });
  } catch {
    // The reads have logged why.
    return json({ error: 'The VAT could not be worked out just now.' }, 503);
  }
}
