/**
 * A refusal from the database, as the site's forms and the edge functions read it. The anonymous
 * writes (create_order, submit_enquiry, register_for_event) refuse in two ways:
 * - a rule broken by what was sent: SQLSTATE P0001, MESSAGE the sentence to show, DETAIL the
 *   argument it is about ('email', 'items.1.intake_id'; empty for the whole request), HINT the
 *   reason's code (private.refuse in the migrations);
 * - too many writes (per client, per address, or past the free allowance without a proof of
 *   work): SQLSTATE PT429 (HTTP 429), MESSAGE the sentence, HINT the reason, DETAIL sometimes
 *   the field (the per-address limit names the e-mail field); proof_required: domain/proof-of-work.ts.
 * Anything else is not a refusal: an outage or a bug, for the caller's own words.
 */

/** What PostgREST (supabase-js) reports for a failed call. */
export interface DatabaseError {
  code: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

export interface Refusal {
  /** True for a limit (try again later), false for a broken rule (change what was sent). */
  throttled: boolean;
  /** The argument the refusal is about, or null for the request as a whole. */
  field: string | null;
  /** The reason's code, or null. */
  reason: string | null;
  /** The sentence to show. */
  message: string;
}

/** The refusal in a failed call's error, or null when the error is not one. */
export function refusalOf(error: DatabaseError): Refusal | null {
  if (error.code !== 'P0001' && error.code !== 'PT429') return null;
  return {
    throttled: error.code === 'PT429',
    field: error.details || null,
    reason: error.hint || null,
    message: error.message,
  };
}
