/** The card grid's Studio preview counts the cards the block holds (it said "0 cards" whatever it held). */
import { describe, expect, it } from 'vitest';
import { cardGrid, prepareCardGrid } from './card-grid.ts';

/**
 * What the Studio hands `prepare` for a block with `keys.length` cards: each selected path resolved
 * to a value, but a whole array of objects not at all (what made it say "0 cards" in the Studio).
 */
function selected(heading: string | undefined, keys: string[]) {
  const select = cardGrid.preview?.select ?? {};
  const cards = keys.map((key) => ({ _key: key, _type: 'card', title: `Card ${key}` }));
  const block: Record<string, unknown> = { heading, cards };
  const resolve = (path: string) =>
    path.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], block);
  return Object.fromEntries(
    Object.entries(select).map(([name, path]) => {
      const value = resolve(String(path));
      return [name, Array.isArray(value) ? undefined : value];
    }),
  );
}

describe('card grid preview', () => {
  it('counts the cards it holds', () => {
    expect(prepareCardGrid(selected('Why Ascent', ['a', 'b', 'c']))).toMatchObject({
      title: 'Why Ascent',
      subtitle: 'Card grid · 3 cards',
    });
    expect(prepareCardGrid(selected(undefined, ['a'])).subtitle).toBe('Card grid · 1 card');
  });

  it('says when there are none, and when there are more than it counts', () => {
    expect(prepareCardGrid(selected('Empty', [])).subtitle).toBe('Card grid · No cards yet');
    const many = Array.from({ length: 20 }, (_, index) => `k${index}`);
    expect(prepareCardGrid(selected('Many', many)).subtitle).toBe('Card grid · 12+ cards');
  });
});
