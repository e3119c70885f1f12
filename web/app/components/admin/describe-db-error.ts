/**
 * Turns a Postgres / PostgREST / network error into plain words for an admin screen, so the UI
 * never shows a raw database message. Constraint names are mapped to sentences where known.
 */

/** The shape supabase-js returns as `{ error }` (PostgrestError), or anything thrown. */
export interface DbErrorLike {
  code?: string | null;
  message?: string | null;
  details?: string | null;
  hint?: string | null;
}

/** Sentences for named constraints; a screen may pass more (its own table's constraints). */
export type ConstraintMessages = Readonly<Record<string, string>>;

const defaultConstraintMessages: ConstraintMessages = {
  training_programs_slug_key: 'Another training program already uses this slug.',
  services_slug_key: 'Another service already uses this slug.',
  events_slug_key: 'Another event already uses this slug.',
  events_capacity_positive: 'The capacity must be 1 or more, or empty for no limit.',
  events_price_has_currency: 'A paid event needs a price above 0 and a currency (KES or USD).',
  program_intakes_program_start_key: 'This program already has an intake starting on that day.',
  program_intakes_capacity_below_sold: 'The capacity cannot be lower than the seats already sold.',
  program_intakes_capacity_range: 'The capacity must be between 1 and 1000.',
  program_intakes_ends_after_start: 'The end date cannot be before the start date.',
  order_items_intake_id_fkey: 'This intake has orders, so it cannot be deleted. Unpublish it instead.',
  vouchers_held_intake_id_fkey: 'A voucher holds seats in this intake, so it cannot be deleted. Unpublish it instead.',
  events_ends_after_start: 'The end cannot be before the start.',
  events_cancelled_not_published:
    'This event is cancelled, so it cannot be published again. Create a new event instead.',
  training_programs_price_positive: 'The price must be more than zero.',
  impact_metrics_value_not_negative: 'The value cannot be negative.',
  site_settings_staff_idle_timeout_shape: 'The inactivity time-out is a whole number of minutes from 5 to 720.',
};

function constraintIn(error: DbErrorLike): string | undefined {
  const text = `${error.message ?? ''} ${error.details ?? ''}`;
  return /constraint "([^"]+)"/.exec(text)?.[1] ?? /\b([a-z0-9_]+_(?:key|check|fkey|pkey))\b/.exec(text)?.[1];
}

function isNetworkError(error: unknown): boolean {
  if (error instanceof TypeError) return true; // fetch's "Failed to fetch" / "NetworkError"
  const message = typeof error === 'object' && error && 'message' in error ? String(error.message) : '';
  return /failed to fetch|networkerror|network request failed|load failed|fetch failed/i.test(message);
}

/** A record that is not there (PostgREST's PGRST116, or an id that cannot be one). */
export const recordNotFoundWords = 'The record was not found; it may have been deleted by someone else.';

/**
 * Refusals our own functions and triggers raise with a reason in the hint and words for people in
 * the message (the last active admin, a missing role): passed on as they are.
 */
const wordedRefusals: ReadonlySet<string> = new Set(['last_admin', 'role_required']);

/** One sentence saying what went wrong and, where it helps, what to do. */
export function describeDbError(error: unknown, constraints: ConstraintMessages = {}): string {
  if (error == null) return 'Something went wrong. Please try again.';
  if (isNetworkError(error)) {
    return 'The server could not be reached. Check your connection and try again; your input is kept.';
  }
  const dbError: DbErrorLike = typeof error === 'object' ? (error as DbErrorLike) : { message: String(error) };
  if (dbError.hint && wordedRefusals.has(dbError.hint) && dbError.message) return dbError.message;
  const name = constraintIn(dbError);
  const named = name ? (constraints[name] ?? defaultConstraintMessages[name]) : undefined;
  switch (dbError.code) {
    case '23505':
      return named ?? 'A record with the same value already exists; each one must be unique.';
    case '23514':
      return named ?? 'A value is not allowed here; please check the fields and try again.';
    case '23503':
      return (
        named ??
        'This record is still referred to by other records (for example orders), so it cannot be removed or changed this way.'
      );
    case '23502':
      return 'A required value is missing.';
    case '22P02':
    case '22007':
    case '22008':
      return 'A value has the wrong format (a number or a date).';
    case '22001':
      return 'A value is too long.';
    case '42501':
      return 'You are not allowed to make this change. Sign in again with a staff account.';
    case 'PGRST301':
    case 'PGRST302':
      return 'Your session has expired. Sign in again.';
    case 'PGRST116':
      return recordNotFoundWords;
    case 'P0001':
      // A raise exception from our own functions/triggers: their messages are written for people.
      return named ?? (dbError.message || 'The change was refused.');
  }
  if (named) return named;
  if (/row-level security/i.test(dbError.message ?? '')) {
    return 'You are not allowed to make this change. Sign in again with a staff account.';
  }
  return 'Something went wrong while saving. Please try again.';
}
