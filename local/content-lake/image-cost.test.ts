/** The image render bounds: output area and the blur radius a given output can afford. */
import { describe, expect, it } from 'vitest';
import { blurSigma, outputTooLarge } from './image-cost.ts';

describe('image render bounds', () => {
  it('refuses outputs above 25 megapixels and takes those below', () => {
    expect(outputTooLarge({ width: 8192, height: 8192 })).toMatch(/larger than 25000000 pixels/);
    expect(outputTooLarge({ width: 5000, height: 5000 })).toBeUndefined();
    expect(outputTooLarge({ width: 8192, height: 100 })).toBeUndefined();
  });

  it("keeps Sanity's blur scale on small outputs and clamps it so area x radius stays bounded", () => {
    expect(blurSigma(50, { width: 400, height: 300 })).toBe(5);
    expect(blurSigma(2000, { width: 400, height: 300 })).toBe(200);
    expect(blurSigma(2000, { width: 5000, height: 5000 })).toBe(4);
    expect(blurSigma(1, { width: 100, height: 100 })).toBe(0.3);
  });
});
