/**
 * The checkout's lines: each cart line next to its program as the server has it now. A line
 * whose price changed since it was added says so (and the current price is what the order
 * charges); a program no longer on sale must leave the cart before the order can be placed.
 */
import { formatMoney, totalsOf, type Totals } from '../../lib/money';
import { parsePrice } from '../../lib/price-text';
import type { Quote, QuotedProgram } from './quote';
import { vatTotals } from './vat-totals';

/** A cart line as the checkout receives it (the route reads it from the cart). */
export interface CheckoutCartLine {
  programId: string;
  title: string;
  /** The price text stored in the cart when the program was added. */
  price: string;
  quantity: number;
}

export type ReviewLine =
  | {
      available: true;
      programId: string;
      title: string;
      quantity: number;
      program: QuotedProgram;
      /** "USD 1,250", or "USD 1,000 until 1 Feb 2027, 23:59 EAT" for an early-bird price. */
      unitPrice: string;
      /** "USD 2,500". */
      lineTotal: string;
      /** The cart's price when it differs from today's: "USD 1,200". */
      previousPrice: string | null;
    }
  | { available: false; programId: string; title: string; quantity: number };

export function reviewLines(cart: readonly CheckoutCartLine[], quote: Quote): ReviewLine[] {
  const programs = new Map(quote.programs.map((program) => [program.id, program]));
  return cart.map((line) => {
    const program = programs.get(line.programId);
    if (!program) return { available: false, programId: line.programId, title: line.title, quantity: line.quantity };
    const { amount, currency } = program.price;
    const added = parsePrice(line.price);
    const changed = added.amount !== amount || added.currency !== currency;
    return {
      available: true,
      programId: line.programId,
      title: program.title,
      quantity: line.quantity,
      program,
      // The server's label: an early-bird price says until when.
      unitPrice: program.price.label,
      lineTotal: formatMoney((Math.round(amount * 100) * line.quantity) / 100, currency),
      previousPrice: changed ? formatMoney(added.amount, added.currency) : null,
    };
  });
}

/** Both totals of the lines on sale, at today's prices. */
export function reviewTotals(lines: readonly ReviewLine[]): Totals {
  return totalsOf(
    lines.flatMap((line) =>
      line.available
        ? [{ amount: line.program.price.amount, currency: line.program.price.currency, quantity: line.quantity }]
        : [],
    ),
  );
}

/** The VAT inside both totals of the lines on sale (vat-totals.ts), or null while a class is unknown. */
export function reviewVat(lines: readonly ReviewLine[]): Totals | null {
  return vatTotals(
    lines.flatMap((line) =>
      line.available
        ? [
            {
              unitPrice: line.program.price.amount,
              currency: line.program.price.currency,
              quantity: line.quantity,
              taxClass: line.program.taxClass,
            },
          ]
        : [],
    ),
  );
}

/**
 * The programs whose price differs between two quotes (the one shown and one re-read just before
 * placing the order): "Executive Leadership Programme: now USD 1,300 (was USD 1,250)".
 */
export function priceChanges(shown: Quote, now: Quote): string[] {
  const before = new Map(shown.programs.map((program) => [program.id, program]));
  return now.programs.flatMap((program) => {
    const was = before.get(program.id);
    if (!was || (was.price.amount === program.price.amount && was.price.currency === program.price.currency)) return [];
    return [
      `${program.title}: now ${formatMoney(program.price.amount, program.price.currency)} (was ${formatMoney(was.price.amount, was.price.currency)})`,
    ];
  });
}

/** Programs that were on sale in the shown quote and are not any more. */
export function withdrawn(shown: Quote, now: Quote): string[] {
  const still = new Set(now.programs.map((program) => program.id));
  return shown.programs.filter((program) => !still.has(program.id)).map((program) => program.title);
}
