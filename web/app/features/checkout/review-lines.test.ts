/** The checkout's lines against today's prices: changed prices pointed out, withdrawn programs, totals at today's prices. */
import { describe, expect, it } from 'vitest';
import type { Quote, QuotedProgram } from './quote.ts';
import { KRA_TAX_TYPES, type TaxClass } from '../../../../domain/vat.ts';
import { formatMoney } from '../../lib/money.ts';
import { priceChanges, reviewLines, reviewTotals, reviewVat, withdrawn } from './review-lines.ts';

const spaced = (text: string | null) => text?.replace(/\s/g, ' ');

const standard = KRA_TAX_TYPES.find((taxClass) => taxClass.code === 'B')!;
const exempt = KRA_TAX_TYPES.find((taxClass) => taxClass.code === 'A')!;

const program = (
  id: string,
  title: string,
  amount: number,
  currency: 'USD' | 'KES',
  taxClass: TaxClass | null = standard,
): QuotedProgram => ({
  id,
  slug: id,
  title,
  // As /checkout/prices labels a regular price.
  price: { amount, currency, label: formatMoney(amount, currency) },
  taxClass,
  intakes: [],
});
const quote = (...programs: QuotedProgram[]): Quote => ({ programs });

const leadership = program('p1', 'Executive Leadership Programme', 1250, 'USD');
const women = program('p2', 'Women in Leadership', 65000, 'KES');

describe('reviewLines', () => {
  it('shows an early-bird price with its deadline, as the server labels it', () => {
    const early = {
      ...leadership,
      price: { amount: 1000, currency: 'USD' as const, label: 'USD 1,000 until 1 Feb 2027, 23:59' },
    };
    const [line] = reviewLines(
      [{ programId: 'p1', title: 'Executive Leadership Programme', price: 'USD 1,000', quantity: 2 }],
      quote(early),
    );
    expect(line).toMatchObject({
      unitPrice: 'USD 1,000 until 1 Feb 2027, 23:59',
      lineTotal: expect.stringMatching(/^USD 2,000$/),
      previousPrice: null,
    });
  });

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

describe('reviewVat', () => {
  const cart = (...lines: Array<[string, number]>) =>
    lines.map(([programId, quantity]) => ({ programId, title: programId, price: 'KES 1', quantity }));

  it('is the VAT inside each line, rounded per line by domain/vat.ts, converted as the totals are', () => {
    // KES 58,000 at 16 %: 58,000 × 16 / 116 = 8,000 a seat; the exempt program carries none.
    const board = program('b', 'Board finance', 58000, 'KES');
    const free = program('e', 'Exempt course', 40000, 'KES', exempt);
    expect(reviewVat(reviewLines(cart(['b', 2], ['e', 1]), quote(board, free)))).toEqual({
      kes: 16000,
      usd: 123.88, // 16,000 / 129.16 = 123.877…
    });
    // USD 1,250 × 2 at 16 %: 2,500 × 16 / 116 = 344.827… → USD 344.83, and in KES at the rate.
    expect(reviewVat(reviewLines(cart(['p1', 2]), quote(leadership)))).toEqual({
      usd: 344.83,
      kes: Math.round(34483 * 129.16) / 100,
    });
  });

  it('is not shown while a program’s class is unknown', () => {
    const unknown = program('u', 'Unknown', 100, 'USD', null);
    expect(reviewVat(reviewLines(cart(['u', 1]), quote(unknown)))).toBeNull();
  });
});
