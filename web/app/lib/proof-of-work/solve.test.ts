import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hasLeadingZeroBits } from '../../../../domain/proof-of-work.ts';
import { solveChallenge } from './solve';

const reference = (text: string) => new Uint8Array(createHash('sha256').update(text, 'latin1').digest());

describe('solveChallenge', () => {
  it('finds a nonce whose digest starts with the zero bits asked for', async () => {
    const proof = await solveChallenge('1764255600.0a1b2c3d.0123456789abcdef', 12);
    expect(proof).toMatch(/^1764255600\.0a1b2c3d\.0123456789abcdef:\d+$/);
    expect(hasLeadingZeroBits(reference(proof), 12)).toBe(true);
  });
});
