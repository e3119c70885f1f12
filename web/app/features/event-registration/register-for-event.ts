/**
 * Registers for an event with register_for_event, from the browser (registrations are throttled
 * per client, so the call must come from the visitor's own connection), through the shared
 * supabase-js client. A refusal names the field it belongs to.
 */
import { refusalOf } from '../../../../domain/refusal.ts';
import { PROOF_HEADER, withProof } from '../../lib/proof-of-work/with-proof';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import type { RegistrationValues } from './registration-schema';

export type RegisterResult =
  { ok: true; status: 'confirmed' | 'waitlisted' } | { ok: false; field: string | null; message: string };

export const UNREACHABLE = 'We couldn’t reach our server. Please check your connection and try again.';

/**
 * register_for_event answers an address already registered with a status, not an error, so the
 * attempt still counts against the client's limit (supabase/migrations/20261127150000_…).
 */
export const ALREADY_REGISTERED =
  'This e-mail address is already registered for this event. Use the link in your confirmation e-mail to manage it.';

export async function registerForEvent(slug: string, values: RegistrationValues): Promise<RegisterResult> {
  let client;
  try {
    client = await getBrowserSupabase();
  } catch (error) {
    console.error('[event-registration] supabase-js could not load:', error);
    return { ok: false, field: null, message: UNREACHABLE };
  }
  const { data, error } = await withProof(client, (proof) => {
    const call = client.rpc('register_for_event', {
      event_slug: slug,
      name: values.name,
      email: values.email,
      phone: values.phone,
      organisation: values.organisation,
      seats: Number(values.seats),
    });
    return (proof ? call.setHeader(PROOF_HEADER, proof) : call).single();
  });
  if (error) {
    const refusal = refusalOf(error);
    if (refusal) return { ok: false, field: refusal.throttled ? null : refusal.field, message: refusal.message };
    console.error('[event-registration] register_for_event failed:', error.code, error.message);
    return { ok: false, field: null, message: UNREACHABLE };
  }
  if (data.status === 'already_registered') return { ok: false, field: 'email', message: ALREADY_REGISTERED };
  return { ok: true, status: data.status === 'waitlisted' ? 'waitlisted' : 'confirmed' };
}
