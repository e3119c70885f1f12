import { describe, expect, it } from 'vitest';
import { cartCountFromStorage } from './use-cart-count';

const item = (quantity: unknown, id = 'p1') => ({ program: { id, title: 'Leadership', price: 'USD 100' }, quantity });

describe('cartCountFromStorage', () => {
  it('is 0 for missing or empty storage', () => {
    expect(cartCountFromStorage(null)).toBe(0);
    expect(cartCountFromStorage('')).toBe(0);
    expect(cartCountFromStorage('[]')).toBe(0);
  });

  it('sums the quantities of the spec’s cart items', () => {
    expect(cartCountFromStorage(JSON.stringify([item(1), item(3, 'p2')]))).toBe(4);
  });

  it('is 0 for corrupt storage or JSON that is not a list of items', () => {
    for (const raw of ['{not json', 'undefined', 'null', '42', '"text"', '{"a":1}', 'true']) {
      expect(cartCountFromStorage(raw), raw).toBe(0);
    }
  });

  it('also reads a list kept under items', () => {
    expect(cartCountFromStorage(JSON.stringify({ items: [item(2)] }))).toBe(2);
  });

  it('skips entries that are not cart items', () => {
    const raw = JSON.stringify([null, 7, 'x', [], { quantity: 5 }, { program: null, quantity: 2 }, item(2)]);
    expect(cartCountFromStorage(raw)).toBe(2);
  });

  it('floors quantities at 1 and treats unusable ones as 1, as the cart does', () => {
    const raw = JSON.stringify([item(0), item(-4), item(2.7), item('3'), item(null), { program: { id: 'x' } }]);
    expect(cartCountFromStorage(raw)).toBe(1 + 1 + 2 + 1 + 1 + 1);
  });

  it('is 0 rather than an absurd number when quantities overflow', () => {
    expect(cartCountFromStorage(JSON.stringify([item(Number.MAX_SAFE_INTEGER), item(5)]))).toBe(0);
    expect(cartCountFromStorage('[{"program":{},"quantity":1e400}]')).toBe(1);
  });
});
