/**
 * The proof of work a client past its free allowance of anonymous writes sends (issue 22, item 9;
 * the rules and numbers in supabase/migrations/20261127150100_client_proof_of_work.sql, which
 * checks it). Shared by the site (which solves it) and the newsletter function (which passes it
 * on); no imports, so Deno and the browser take it alike.
 *
 * A challenge from `rpc('client_challenge')` comes with a difficulty d; the proof is
 * `<challenge>:<nonce>` whose SHA-256 starts with d zero bits, sent in the `x-client-proof` header.
 */

/** The request header that carries a proof. */
export const PROOF_HEADER = 'x-client-proof';

/** The refusal's reason (PostgREST: hint; the newsletter function: `reason`) when a proof is needed. */
export const PROOF_REQUIRED = 'proof_required';

/** What is hashed, and what is sent. */
export function proofText(challenge: string, nonce: number): string {
  return `${challenge}:${nonce}`;
}

/** True when the digest starts with `bits` zero bits. */
export function hasLeadingZeroBits(digest: Uint8Array, bits: number): boolean {
  const whole = Math.floor(bits / 8);
  for (let i = 0; i < whole; i += 1) if (digest[i] !== 0) return false;
  const rest = bits % 8;
  return rest === 0 || (digest[whole] ?? 0xff) >> (8 - rest) === 0;
}
