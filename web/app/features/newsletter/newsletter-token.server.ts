/**
 * The newsletter's mailed-token actions for the /newsletter/confirm and /unsubscribe pages:
 * confirm a pending sign-up, unsubscribe (also RFC 8058 one-click). An unknown or malformed
 * token is "not found"; the address is shown masked, so a forwarded link reveals little.
 */
import { serverSupabase } from '../../lib/supabase/server-client.server';

/** What the newsletter function hands out: 43 characters of base64url. Anything else is not looked up. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export type SubscriptionState = { status: 'pending' | 'confirmed' | 'unsubscribed'; email: string } | null;

/** j***@example.com: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  return `${email[0]}***${email.slice(at)}`;
}

function toState(row: { status: string; email: string } | null | undefined): SubscriptionState {
  if (!row) return null;
  const status = row.status === 'pending' || row.status === 'confirmed' ? row.status : 'unsubscribed';
  return { status, email: maskEmail(row.email) };
}

/** Throws when the database cannot be reached: the page then says to try again, never "not found". */
export async function confirmSubscription(token: string): Promise<SubscriptionState> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const { data, error } = await serverSupabase().rpc('newsletter_confirm', { token }).maybeSingle();
  if (error) throw new Error(`newsletter_confirm failed: ${error.message} (${error.code})`);
  return toState(data);
}

export async function unsubscribe(token: string): Promise<SubscriptionState> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const { data, error } = await serverSupabase().rpc('newsletter_unsubscribe', { token }).maybeSingle();
  if (error) throw new Error(`newsletter_unsubscribe failed: ${error.message} (${error.code})`);
  return toState(data);
}

/** The topics a confirmed subscriber may choose, and the ones they chose (the confirmation page). */
export async function subscriberTopics(token: string): Promise<{ offered: string[]; chosen: string[] }> {
  const supabase = serverSupabase();
  const [offered, chosen] = await Promise.all([
    supabase.rpc('newsletter_topics'),
    TOKEN_FORMAT.test(token)
      ? supabase.rpc('newsletter_interests', { token })
      : Promise.resolve({ data: [], error: null }),
  ]);
  if (offered.error) throw new Error(`newsletter_topics failed: ${offered.error.message} (${offered.error.code})`);
  if (chosen.error) throw new Error(`newsletter_interests failed: ${chosen.error.message} (${chosen.error.code})`);
  return { offered: offered.data, chosen: chosen.data };
}

/** Replaces a confirmed subscriber's topics; false when the token is not a confirmed subscriber's. */
export async function chooseTopics(token: string, topics: string[]): Promise<boolean> {
  if (!TOKEN_FORMAT.test(token)) return false;
  const { data, error } = await serverSupabase().rpc('newsletter_set_interests', { token, topics });
  if (error) throw new Error(`newsletter_set_interests failed: ${error.message} (${error.code})`);
  return data;
}
