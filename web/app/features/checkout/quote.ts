/**
 * The checkout's current prices and intakes, re-read from the server (/checkout/prices) for the
 * programs in the cart: what the checkout shows and compares with the cart's prices, so a price
 * that changed since it was added is shown, never silently charged.
 */
import type { TaxClass } from '../../../../domain/vat.ts';
import type { Currency } from '../../lib/money';

export interface QuotedIntake {
  id: string;
  /** "Tue, 12 – Fri, 15 Jan 2027". */
  dates: string;
  /** "Online" or the venue. */
  place: string;
  seatsLeft: number;
  /** A seat's price in this intake when its own early-bird applies (else the program's price applies). */
  amount?: number;
}

export interface QuotedProgram {
  id: string;
  slug: string;
  title: string;
  price: { amount: number; currency: Currency; label: string };
  /** The price's VAT class and rate (prices include VAT); null when it could not be read. */
  taxClass: TaxClass | null;
  /** Upcoming intakes, soonest first (full ones with 0 seats left). */
  intakes: QuotedIntake[];
}

export interface Quote {
  programs: QuotedProgram[];
}

/** The most programs one quote (and one order) takes. */
export const MAX_QUOTE_PROGRAMS = 20;

export const QUOTE_PATH = '/checkout/prices';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The reply's shape, checked: our own server's JSON, but a proxy or an error page could stand in for it. */
function isQuote(value: unknown): value is Quote {
  return (
    isRecord(value) &&
    Array.isArray(value.programs) &&
    value.programs.every(
      (program) =>
        isRecord(program) &&
        typeof program.id === 'string' &&
        typeof program.title === 'string' &&
        isRecord(program.price) &&
        typeof program.price.amount === 'number' &&
        (program.price.currency === 'USD' || program.price.currency === 'KES') &&
        Array.isArray(program.intakes),
    )
  );
}

/** Reads the current prices and intakes of the given programs; throws when they cannot be read. */
export async function fetchQuote(programIds: readonly string[], signal?: AbortSignal): Promise<Quote> {
  const params = new URLSearchParams(programIds.map((id) => ['program', id]));
  const response = await fetch(`${QUOTE_PATH}?${params}`, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The prices could not be read (HTTP ${response.status}).`);
  const body: unknown = await response.json();
  if (!isQuote(body)) throw new Error('The prices could not be read (unexpected reply).');
  return body;
}
