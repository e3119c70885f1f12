/**
 * Anonymous writes past a network's free allowance answer 429 proof_required (issue 22, item 9:
 * many people share one address on mobile networks). A person's browser then earns a proof, a
 * small proof of work, and sends the write once more with it; the solver loads only then, so
 * pages carry none of it. The rules: supabase/migrations/20261127150100_client_proof_of_work.sql.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { PROOF_HEADER, PROOF_REQUIRED } from '../../../../domain/proof-of-work.ts';
import type { Database } from '../../../../supabase/database.types';

export { PROOF_HEADER, PROOF_REQUIRED };

/** A fresh challenge from the database, solved. */
export async function earnProof(client: SupabaseClient<Database>): Promise<string> {
  const { data, error } = await client.rpc('client_challenge').single();
  if (error || !data) throw new Error(`no proof-of-work challenge: ${error?.message ?? 'empty answer'}`);
  const { solveChallenge } = await import('./solve');
  return solveChallenge(data.challenge, data.difficulty);
}

interface WriteAnswer {
  error: { code: string; hint: string } | null;
}

/**
 * Runs a PostgREST write (`call(null)`); when it answers proof_required, earns a proof and runs it
 * once more with the proof (`call(proof)` sends it in the PROOF_HEADER header).
 */
export async function withProof<A extends WriteAnswer>(
  client: SupabaseClient<Database>,
  call: (proof: string | null) => PromiseLike<A>,
): Promise<A> {
  const first = await call(null);
  if (first.error?.code !== 'PT429' || first.error.hint !== PROOF_REQUIRED) return first;
  return call(await earnProof(client));
}
