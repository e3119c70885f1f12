import { describe, expect, it } from 'vitest';
import { inpOf, interactionLatencies } from './first-press-inp.ts';

describe('interaction latencies from Event Timing entries', () => {
  it('takes the longest event of each interaction and leaves out events that are no interaction', () => {
    const entries = [
      { interactionId: 7, duration: 24 }, // pointerdown
      { interactionId: 7, duration: 56 }, // click of the same tap
      { interactionId: 0, duration: 300 }, // a pointermove: not an interaction
      { interactionId: 9, duration: 32 },
    ];
    expect(interactionLatencies(entries).sort((a, b) => a - b)).toEqual([32, 56]);
    expect(inpOf(entries)).toBe(56);
  });

  it('is 0 when no interaction reached the reporting threshold', () => {
    expect(inpOf([])).toBe(0);
    expect(inpOf([{ interactionId: 0, duration: 80 }])).toBe(0);
  });
});
