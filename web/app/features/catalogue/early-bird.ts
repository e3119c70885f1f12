/**
 * Early-bird prices as visitors see them (issue 30): the price that applies now and until when.
 * The public views show an early-bird only while it applies; an intake's overrides its program's,
 * as create_order (private.price_that_applies) decides when the order is placed.
 */
import { formatDateTime } from '../../../../domain/dates.ts';
import { formatMoney } from '../../lib/money';
import { toIntakeItem, type IntakeItem, type IntakeSource } from './intake-item';

export interface EarlyBirdSource {
  price_amount: number;
  early_bird_price?: number | null;
  early_bird_until?: string | null;
}

export interface IntakeEarlyBird {
  early_bird_price?: number | null;
  early_bird_until?: string | null;
}

export interface AppliedPrice {
  amount: number;
  /** "until 1 Feb 2027, 23:59 EAT" (Nairobi time) for an early-bird price, else null. */
  until: string | null;
}

/** "until 1 Feb 2027, 23:59 EAT": the moment an early-bird price ends, in Nairobi time. */
export function untilText(at: string): string {
  return `until ${formatDateTime(at)}`;
}

/** The price a seat costs now: the intake's early-bird, else the program's, else the regular price. */
export function priceThatApplies(program: EarlyBirdSource, intake?: IntakeEarlyBird | null): AppliedPrice {
  for (const source of [intake, program]) {
    if (source?.early_bird_price != null && source.early_bird_until && source.early_bird_price < program.price_amount)
      return { amount: source.early_bird_price, until: untilText(source.early_bird_until) };
  }
  return { amount: program.price_amount, until: null };
}

/** "Early-bird price until 1 Feb 2027, 23:59 EAT, then USD 1,250"; empty when the regular price applies. */
export function earlyBirdNote(program: EarlyBirdSource & { currency: string }, applied: AppliedPrice): string {
  return applied.until
    ? `Early-bird price ${applied.until}, then ${formatMoney(program.price_amount, program.currency)}`
    : '';
}

/**
 * An intake as pages show it, its own early-bird (when it overrides the program's) beside its
 * place: "Online · early-bird USD 900 until 15 Jan 2027, 09:00".
 */
export function earlyBirdIntakeItem(
  program: EarlyBirdSource & { currency: string },
  row: IntakeSource & IntakeEarlyBird,
): IntakeItem {
  const item = toIntakeItem(row);
  const own = priceThatApplies(program, row);
  const programs = priceThatApplies(program);
  if (!own.until || (own.amount === programs.amount && own.until === programs.until)) return item;
  return { ...item, place: `${item.place} · early-bird ${formatMoney(own.amount, program.currency)} ${own.until}` };
}
