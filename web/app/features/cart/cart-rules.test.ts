/** Every cart rule of the specification over the items (cart-rules.ts), and what a stored cart may hold (cart-items.ts). */
import { describe, expect, it, vi } from 'vitest';
import { itemCount, readCartItems, type CartItem } from './cart-items.ts';
import { addItem, cartTotals, lineTotal, removeItem, setQuantity } from './cart-rules.ts';

const leadership = { id: 'p-usd', title: 'Executive Leadership Programme', price: 'USD 1,250' };
const women = { id: 'p-kes', title: 'Women in Leadership', price: 'KES 65,000' };
const item = (program: CartItem['program'], quantity = 1): CartItem => ({ program, quantity });

describe('adding', () => {
  it('adds a new program with quantity 1', () => {
    const outcome = addItem([], leadership);
    expect(outcome).toEqual({ added: true, items: [{ program: leadership, quantity: 1 }] });
  });

  it('refuses a program already in the cart and leaves the cart as it was', () => {
    const items = [item(leadership, 3)];
    const outcome = addItem(items, { ...leadership, price: 'USD 999' });
    expect(outcome.added).toBe(false);
    expect(outcome.items).toBe(items);
    expect(outcome.items).toEqual([{ program: leadership, quantity: 3 }]);
  });

  it('keeps only the program fields the cart item has', () => {
    const extra = { ...women, price: 'KES 65,000', slug: 'women-in-leadership' } as CartItem['program'];
    const outcome = addItem([], extra);
    expect(outcome.items[0]!.program).toEqual(women);
  });
});

describe('removing, quantities, clearing', () => {
  it('removes the item of the program', () => {
    expect(removeItem([item(leadership), item(women)], leadership.id)).toEqual([item(women)]);
  });

  it('keeps quantity changes within 1 to 50 seats', () => {
    const items = [item(leadership, 4)];
    expect(setQuantity(items, leadership.id, 0)[0]!.quantity).toBe(1);
    expect(setQuantity(items, leadership.id, -7)[0]!.quantity).toBe(1);
    expect(setQuantity(items, leadership.id, -Infinity)[0]!.quantity).toBe(1);
    expect(setQuantity(items, leadership.id, 6)[0]!.quantity).toBe(6);
    expect(setQuantity(items, leadership.id, 2.9)[0]!.quantity).toBe(2);
    expect(setQuantity(items, leadership.id, 50)[0]!.quantity).toBe(50);
    expect(setQuantity(items, leadership.id, 999)[0]!.quantity).toBe(50);
    expect(setQuantity(items, leadership.id, Infinity)[0]!.quantity).toBe(50);
  });

  it('ignores a quantity that is not a number, and other programs', () => {
    const items = [item(leadership, 4), item(women, 2)];
    expect(setQuantity(items, leadership.id, Number.NaN)).toEqual(items);
    expect(setQuantity(items, 'unknown', 9)).toEqual(items);
    expect(setQuantity(items, women.id, 5)).toEqual([item(leadership, 4), item(women, 5)]);
  });

  it('counts items as the sum of quantities', () => {
    expect(itemCount([])).toBe(0);
    expect(itemCount([item(leadership, 2), item(women, 3)])).toBe(5);
  });
});

describe('totals', () => {
  it('converts at 129.16 KES per USD, to the cent', () => {
    // USD: 2 x 1,250 + 65,000 / 129.16 = 2,500 + 503.2517... ; KES: 65,000 + 2,500 x 129.16.
    expect(cartTotals([item(leadership, 2), item(women, 1)])).toEqual({ usd: 3003.25, kes: 387900 });
  });

  it('is exact for single lines in each currency', () => {
    expect(cartTotals([item({ id: 'a', title: 'A', price: 'KES 52,000' })])).toEqual({ usd: 402.6, kes: 52000 });
    expect(cartTotals([item({ id: 'b', title: 'B', price: '1,250.50 USD' }, 3)])).toEqual({
      usd: 3751.5,
      kes: 484543.74,
    });
    expect(cartTotals([item({ id: 'c', title: 'C', price: 'USD 0.01' })])).toEqual({ usd: 0.01, kes: 1.29 });
  });

  it('rounds the sum once, not each line (no drift across many KES lines)', () => {
    // 3 x KES 100 = KES 300 = USD 2.3227...: rounding each line (0.77 x 3 = 2.31) would be a cent out.
    const lines = ['a', 'b', 'c'].map((id) => item({ id, title: id, price: 'KES 100' }));
    expect(cartTotals(lines)).toEqual({ usd: 2.32, kes: 300 });
  });

  it('is zero for an empty cart; unreadable prices count as USD 0 with a warning', () => {
    expect(cartTotals([])).toEqual({ usd: 0, kes: 0 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(cartTotals([item({ id: 'x', title: 'X', price: 'abc' }), item(leadership)])).toEqual({
      usd: 1250,
      kes: 161450,
    });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('gives each line its total in its own currency', () => {
    expect(lineTotal(item(women, 3))).toEqual({ amount: 195000, currency: 'KES' });
    expect(lineTotal(item({ id: 'b', title: 'B', price: 'USD 480.50' }, 3))).toEqual({
      amount: 1441.5,
      currency: 'USD',
    });
  });
});

describe('reading a stored cart', () => {
  const stored = (value: unknown) => JSON.stringify(value);

  it('reads the items a cart wrote', () => {
    const items = [item(leadership, 2), item(women, 1)];
    expect(readCartItems(stored(items))).toEqual(items);
  });

  it('is empty for missing, corrupt or non-list storage', () => {
    for (const raw of [null, '', '{not json', 'undefined', 'null', '42', '"text"', '{"items":[]}', 'true']) {
      expect(readCartItems(raw), String(raw)).toEqual([]);
    }
  });

  it('drops invalid entries and keeps the valid ones, in order', () => {
    const raw = stored([
      null,
      7,
      'x',
      [],
      { quantity: 2 },
      { program: null, quantity: 2 },
      item(leadership, 2),
      { program: { id: '', title: 'No id', price: 'USD 1' }, quantity: 1 },
      { program: { id: 'q', title: '   ', price: 'USD 1' }, quantity: 1 },
      { program: { id: 'q', title: 'Price not text', price: 100 }, quantity: 1 },
      { program: { id: 'q', title: 'Zero', price: 'USD 1' }, quantity: 0 },
      { program: { id: 'q', title: 'Negative', price: 'USD 1' }, quantity: -3 },
      { program: { id: 'q', title: 'Fraction', price: 'USD 1' }, quantity: 1.5 },
      { program: { id: 'q', title: 'Text', price: 'USD 1' }, quantity: '2' },
      { program: { id: 'q', title: 'Huge', price: 'USD 1' }, quantity: 1e300 },
      { program: { id: 'q', title: 'More seats than an order takes', price: 'USD 1' }, quantity: 51 },
      { program: { id: 'q', title: 'Tampered', price: 'USD 1' }, quantity: 999 },
      { program: { id: 'q', title: 'x'.repeat(301), price: 'USD 1' }, quantity: 1 },
      { program: { id: 'q', title: 'Long price', price: `USD ${'9'.repeat(80)}` }, quantity: 1 },
      item(women, 3),
    ]);
    expect(readCartItems(raw)).toEqual([item(leadership, 2), item(women, 3)]);
  });

  it('keeps an entry of exactly 50 seats, the most an order takes', () => {
    expect(readCartItems(stored([item(women, 50)]))).toEqual([item(women, 50)]);
  });

  it('keeps the first of two entries for the same program (the cart never holds one twice)', () => {
    expect(readCartItems(stored([item(women, 2), item(leadership), item(women, 9)]))).toEqual([
      item(women, 2),
      item(leadership),
    ]);
  });

  it('keeps a price text it cannot read (the totals take it as USD) and drops unknown fields', () => {
    const raw = stored([{ program: { ...leadership, price: 'abc', extra: '<script>' }, quantity: 1, admin: true }]);
    expect(readCartItems(raw)).toEqual([{ program: { ...leadership, price: 'abc' }, quantity: 1 }]);
  });
});
