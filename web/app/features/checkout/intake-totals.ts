/**
 * What the order form says is to pay: each line at the price of its chosen intake, whose own
 * early-bird the order charges (create_order, private.price_that_applies); a line without a chosen
 * intake at its program's price. The review's totals (review-lines.ts) come before any choice.
 * A module of the form's own, which loads when the visitor continues: not in /checkout's first
 * JavaScript.
 */
import { totalsOf, type Totals } from '../../lib/money';
import type { ReviewLine } from './review-lines';

type AvailableLine = Extract<ReviewLine, { available: true }>;

export function totalsWithIntakes(
  lines: readonly AvailableLine[],
  chosenIntake: (programId: string) => unknown,
): Totals {
  return totalsOf(
    lines.map((line) => {
      const chosen = chosenIntake(line.programId);
      const intake = line.program.intakes.find((candidate) => candidate.id === chosen);
      return {
        amount: intake?.amount ?? line.program.price.amount,
        currency: line.program.price.currency,
        quantity: line.quantity,
      };
    }),
  );
}
