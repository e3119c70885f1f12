/** The order form's amount to pay follows the intakes chosen: an intake's own early-bird is what the order charges. */
import { describe, expect, it } from 'vitest';
import type { QuotedProgram } from './quote.ts';
import { totalsWithIntakes } from './intake-totals.ts';
import { reviewLines } from './review-lines.ts';

const intake = (id: string, amount?: number) => ({
  id,
  dates: 'Mon, 1 – Fri, 5 Feb 2027',
  place: 'Online',
  seatsLeft: 9,
  amount,
});
const leadership: QuotedProgram = {
  id: 'p1',
  slug: 'p1',
  title: 'Executive Leadership Programme',
  price: { amount: 1250, currency: 'USD', label: 'USD 1,250' },
  taxClass: null,
  intakes: [intake('regular'), intake('early', 900)],
};
const [line] = reviewLines([{ programId: 'p1', title: 't', price: 'USD 1,250', quantity: 2 }], {
  programs: [leadership],
});
const lines = line?.available ? [line] : [];

describe('totalsWithIntakes', () => {
  it('charges the chosen intake’s own early-bird for each seat', () => {
    expect(totalsWithIntakes(lines, () => 'early')).toEqual({ usd: 1800, kes: 232488 });
  });

  it('charges the program’s price for an intake without one, or before any intake is chosen', () => {
    expect(totalsWithIntakes(lines, () => 'regular').usd).toBe(2500);
    expect(totalsWithIntakes(lines, () => '').usd).toBe(2500);
    expect(totalsWithIntakes(lines, () => undefined).usd).toBe(2500);
  });
});
