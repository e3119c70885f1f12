/**
 * send-newsletter-subscription-email: records a visitor's newsletter sign-up as pending and
 * queues the mail with the confirmation link (double opt-in; the outbox worker sends it). Called
 * from the site footer via supabase.functions.invoke with `{ email }`; answers `{ success, message }`.
 * Refuses a malformed (400) or oversize (413) body and throttles each client and each mailbox
 * (429, Retry-After); past the client's free allowance it wants a solved challenge in the
 * x-client-proof header (429, reason proof_required, until one is sent); answers 503 with
 * Retry-After while the database cannot store it.
 */
import { json, preflight } from '../_shared/http.ts';
import { PROOF_HEADER, PROOF_REQUIRED } from '../../../domain/proof-of-work.ts';
import { createAdminClient } from '../_shared/supabase-admin.ts';
import { clientAddress } from './client-address.ts';
import { normaliseEmail } from './email-address.ts';
import { readSignUp } from './request-body.ts';

const log = '[send-newsletter-subscription-email]';

export const replies = {
  success: 'Successfully subscribed to our newsletter!',
  proofRequired:
    'Many sign-ups have come from your network in the last few minutes. Please try again: your browser will do a short check first.',
  invalidEmail: 'Please enter a valid email address.',
  unavailable: 'We could not save your subscription right now. Please try again later.',
} as const;

function reply(status: number, success: boolean, message: string, headers: Record<string, string> = {}): Response {
  return json({ success, message }, status, headers);
}

/** Past the client's free allowance without a solved challenge: the site solves one and sends again. */
function proofRequired(): Response {
  return json({ success: false, reason: PROOF_REQUIRED, message: replies.proofRequired }, 429);
}

function waitPhrase(seconds: number): string {
  if (seconds > 5400) return `${Math.ceil(seconds / 3600)} hours`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function throttledMessage(seconds: number): string {
  return `Too many sign-up attempts from your network. Please try again in ${waitPhrase(seconds)}.`;
}

/** The mailbox (any +tag or letter case of it) was sent its day's confirmation mails. */
function addressThrottledMessage(seconds: number): string {
  return `We have sent several confirmation e-mails to this address recently. Please check its inbox (and spam folder), or try again in ${waitPhrase(seconds)}.`;
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return reply(405, false, 'Method not allowed.', { Allow: 'POST, OPTIONS' });

  const body = await readSignUp(req);
  if (!body.ok) return reply(body.status, false, body.message);
  const email = normaliseEmail(body.email);
  if (!email) return reply(400, false, replies.invalidEmail);

  const { data, error } = await createAdminClient()
    .rpc('newsletter_subscribe', {
      email,
      client: clientAddress(req.headers),
      source: 'footer',
      proof: req.headers.get(PROOF_HEADER)?.slice(0, 100),
    })
    .single();
  if (error || !data) {
    // The database is unreachable or refused: a service state the client may retry, not a crash.
    console.error(`${log} could not store a subscription:`, error);
    return reply(503, false, replies.unavailable, { 'Retry-After': '30' });
  }
  if (data.outcome === PROOF_REQUIRED) return proofRequired();
  if (data.outcome === 'throttled' || data.outcome === 'address_throttled') {
    const seconds = data.retry_after ?? 60;
    const message = data.outcome === 'throttled' ? throttledMessage(seconds) : addressThrottledMessage(seconds);
    return reply(429, false, message, { 'Retry-After': String(seconds) });
  }
  // pending (confirmation mail queued), already pending or already confirmed: the same answer,
  // so the reply never tells a stranger whether an address is on the list.
  return reply(200, true, replies.success);
}
