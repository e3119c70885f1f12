/**
 * Finds the nonce of a proof-of-work challenge (loaded only when a write answers proof_required),
 * in slices that give the page back to the browser between them. Hashing is synchronous
 * (@noble/hashes): WebCrypto's digest costs a promise per hash, several times slower here.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { hasLeadingZeroBits, proofText } from '../../../../domain/proof-of-work.ts';

const SLICE = 20_000;

/** The proof (`<challenge>:<nonce>`) whose SHA-256 starts with `difficulty` zero bits. */
export async function solveChallenge(challenge: string, difficulty: number): Promise<string> {
  for (let nonce = 0; ; nonce += 1) {
    const text = proofText(challenge, nonce);
    if (hasLeadingZeroBits(sha256(utf8ToBytes(text)), difficulty)) return text;
    if (nonce % SLICE === SLICE - 1) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
