import { describe, expect, it } from 'vitest';
import { sectionAtMiddle } from './active-section';
import { sectionScrollTop } from './section-offset';

const viewport = 800; // middle at 400

describe('sectionAtMiddle', () => {
  it('picks the section crossing the middle of the viewport', () => {
    const boxes = [
      { id: 'a', top: -500, bottom: 100 },
      { id: 'b', top: 100, bottom: 700 },
      { id: 'c', top: 700, bottom: 1300 },
    ];
    expect(sectionAtMiddle(boxes, viewport)).toBe('b');
  });

  it('counts a top exactly on the middle as in view, a bottom exactly on it as out', () => {
    expect(sectionAtMiddle([{ id: 'a', top: 400, bottom: 900 }], viewport)).toBe('a');
    expect(sectionAtMiddle([{ id: 'a', top: -100, bottom: 400 }], viewport)).toBeNull();
  });

  it('is null when the middle falls between sections or there are none', () => {
    expect(
      sectionAtMiddle(
        [
          { id: 'a', top: 0, bottom: 300 },
          { id: 'b', top: 500, bottom: 900 },
        ],
        viewport,
      ),
    ).toBeNull();
    expect(sectionAtMiddle([], viewport)).toBeNull();
  });

  it('prefers the inner of nested sections whatever the order', () => {
    const outer = { id: 'outer', top: -1000, bottom: 2000 };
    const inner = { id: 'inner', top: 200, bottom: 600 };
    expect(sectionAtMiddle([outer, inner], viewport)).toBe('inner');
    expect(sectionAtMiddle([inner, outer], viewport)).toBe('inner');
  });
});

describe('sectionScrollTop', () => {
  it('puts the section just below the header', () => {
    expect(sectionScrollTop(900, 300, 72)).toBe(1128);
    expect(sectionScrollTop(-200, 1000, 72)).toBe(728);
  });

  it('never scrolls above the page', () => {
    expect(sectionScrollTop(30, 0, 72)).toBe(0);
  });
});
