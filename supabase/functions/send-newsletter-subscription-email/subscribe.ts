/**
 * Stores a newsletter subscription idempotently: one row per address however often it is sent,
 * and an outcome telling the caller whether this request is the one that (re)subscribed it.
 */
import type { AdminClient } from '../_shared/supabase-admin.ts';

export type SubscribeOutcome = 'subscribed' | 'resubscribed' | 'already-subscribed';

/** PostgreSQL's unique_violation: the address is already on the list. */
const uniqueViolation = '23505';

/** `email` must already be normalised (trimmed, lower-case), as every stored address is. */
export async function subscribe(client: AdminClient, email: string, source: string): Promise<SubscribeOutcome> {
  // Insert first and let the unique index decide: a read-then-insert would race with a double
  // submission, and an upsert needs the conflict target to match the index exactly.
  const { error } = await client.from('newsletter_subscribers').insert({ email, source });
  if (!error) return 'subscribed';
  if (error.code !== uniqueViolation)
    throw new Error(`Could not store the subscription: ${error.message} (${error.code})`);

  // Already a row. Someone who had unsubscribed and signs up again is back on the list; the
  // conditional update succeeds for exactly one request, so only that one sends a welcome.
  const { data, error: updateError } = await client
    .from('newsletter_subscribers')
    .update({ unsubscribed_at: null })
    .eq('email', email)
    .not('unsubscribed_at', 'is', null)
    .select('id');
  if (updateError) throw new Error(`Could not renew the subscription: ${updateError.message} (${updateError.code})`);
  return data.length > 0 ? 'resubscribed' : 'already-subscribed';
}
