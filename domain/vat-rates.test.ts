import { describe, expect, it } from 'vitest';
import { basisPointsFromPercent } from './vat-rates.ts';

describe('basisPointsFromPercent', () => {
  it('reads a rate as finance types it', () => {
    expect(basisPointsFromPercent('16')).toBe(1600);
    expect(basisPointsFromPercent(' 14.5 ')).toBe(1450);
    expect(basisPointsFromPercent('0.01')).toBe(1);
    expect(basisPointsFromPercent('100')).toBe(10_000);
    expect(basisPointsFromPercent('0')).toBe(0);
  });

  it('refuses what the database would (0 to 10,000 basis points) or that is not a plain number', () => {
    for (const text of ['', '100.01', '101', '-1', '16%', '1e2', '16.125', '16,5', 'sixteen']) {
      expect(basisPointsFromPercent(text), text).toBeNull();
    }
  });
});
