/** The checkout's lines against today's prices: changed prices pointed out, withdrawn programs, totals at today's prices. */
import { describe, expect, it } from 'vitest';
import type { Quote, QuotedProgram } from './quote.ts';
import { priceChanges, reviewLines, reviewTotals, withdrawn } from './review-lines.ts';

const spaced = (text: string | null) => text?.replace(/\s/g, ' ');

const program = (id: string, title: string, amount: number, currency: 'USD' | 'KES'): QuotedProgram => ({
  id,
  slug: id,
  title,
  price: { amount, currency, label: `${currency} ${amount}` },
  intakes: [],
});
const quote = (...programs: QuotedProgram[]): Quote => ({ programs });

const leadership = program('p1', 'Executive Leadership Programme', 1250, 'USD');
const women = program('p2', 'Women in Leadership', 65000, 'KES');

describe('reviewLines', () => {
  it('pairs each cart line with today’s program and says when the price changed', () => {
    const lines = reviewLines(
      [
        { programId: 'p1', title: 'Executive Leadership Programme', price: 'USD 1,250', quantity: 2 },
        { programId: 'p2', title: 'Women in Leadership', price: 'KES 60,000', quantity: 1 },
      ],
      quote(leadership, women),
    );
    expect(
      lines.map(
        (line) => line.available && [spaced(line.unitPrice), spaced(line.lineTotal), spaced(line.previousPrice)],
      ),
    ).toEqual([
      ['USD 1,250', 'USD 2,500', undefined],
      ['KES 65,000', 'KES 65,000', 'KES 60,000'],
    ]);
  });

  it('counts a change of currency as a change of price', () => {
    const [line] = reviewLines([{ programId: 'p1', title: 't', price: 'KES 1,250', quantity: 1 }], quote(leadership));
    expect(line!.available && spaced(line!.previousPrice)).toBe('KES 1,250');
  });

  it('marks a program the server no longer sells as unavailable, keeping the cart’s title', () => {
    const [line] = reviewLines(
      [{ programId: 'gone', title: 'Old program', price: 'USD 10', quantity: 3 }],
      quote(leadership),
    );
    expect(line).toEqual({ available: false, programId: 'gone', title: 'Old program', quantity: 3 });
  });

  it('totals the lines on sale at today’s prices, to the cent', () => {
    const lines = reviewLines(
      [
        { programId: 'p1', title: 'a', price: 'USD 1', quantity: 2 },
        { programId: 'p2', title: 'b', price: 'KES 1', quantity: 1 },
        { programId: 'gone', title: 'c', price: 'USD 999', quantity: 1 },
      ],
      quote(leadership, women),
    );
    expect(reviewTotals(lines)).toEqual({ usd: 3003.25, kes: 387900 });
  });
});

describe('changes between the quote shown and one re-read before ordering', () => {
  it('names each changed price and each withdrawn program', () => {
    const now = quote({ ...leadership, price: { ...leadership.price, amount: 1300 } });
    expect(priceChanges(quote(leadership, women), now).map(spaced)).toEqual([
      'Executive Leadership Programme: now USD 1,300 (was USD 1,250)',
    ]);
    expect(withdrawn(quote(leadership, women), now)).toEqual(['Women in Leadership']);
    expect(priceChanges(quote(leadership), quote(leadership))).toEqual([]);
    expect(withdrawn(quote(leadership), quote(leadership, women))).toEqual([]);
  });
});
