import { describe, expect, it } from 'vitest';
import { inListOrder, pageWindow, totalWords } from './list-window';

describe('pageWindow', () => {
  it('reads the first half of a list forwards, by offset', () => {
    expect(pageWindow(1, 25, null)).toEqual({ from: 0, to: 24, reversed: false });
    expect(pageWindow(2, 25, 1000)).toEqual({ from: 25, to: 49, reversed: false });
    expect(pageWindow(20, 25, 1000)).toEqual({ from: 475, to: 499, reversed: false });
  });

  it('reads the last page from the end: its rows first, no rows skipped', () => {
    // 1010 rows: 41 pages, the last holding 10.
    expect(pageWindow(41, 25, 1010)).toEqual({ from: 0, to: 9, reversed: true });
    expect(pageWindow(40, 25, 1010)).toEqual({ from: 10, to: 34, reversed: true });
    expect(pageWindow(22, 25, 1010)).toEqual({ from: 460, to: 484, reversed: true });
  });

  it('reads the same rows from either end', () => {
    const rows = Array.from({ length: 103 }, (_, index) => index);
    const reversedRows = rows.toReversed();
    for (let page = 1; page <= 5; page += 1) {
      const window = pageWindow(page, 25, rows.length);
      const source = window.reversed ? reversedRows : rows;
      const read = inListOrder(source.slice(window.from, window.to + 1), window);
      expect(read).toEqual(rows.slice((page - 1) * 25, page * 25));
    }
  });

  it('reads a page past the end forwards (it is empty, as before)', () => {
    expect(pageWindow(9, 25, 100)).toEqual({ from: 200, to: 224, reversed: false });
  });
});

describe('totalWords', () => {
  it('says "about" where the count is the planner\'s estimate', () => {
    expect(totalWords(1000)).toBe('1000');
    expect(totalWords(70412)).toBe('about 70,412');
  });
});
