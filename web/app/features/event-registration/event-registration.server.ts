/**
 * The registration page's event (by slug, from the public view) and the cancel page's
 * registration (by its mailed token) and cancellation. An unknown slug or token is "not found".
 */
import { serverSupabase } from '../../lib/supabase/server-client.server';

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
const SLUG_FORMAT = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface RegistrationEvent {
  slug: string;
  title: string;
  description: string;
  venue: string;
  startsAt: string;
  endsAt: string;
  past: boolean;
  full: boolean;
  seatsLeft: number | null;
  price: { amount: number; currency: string } | null;
}

export async function readRegistrationEvent(slug: string, now: Date): Promise<RegistrationEvent | null> {
  if (!SLUG_FORMAT.test(slug)) return null;
  const { data, error } = await serverSupabase()
    .from('public_events')
    .select('slug, title, description, venue, starts_at, ends_at, seats_left, price_amount, currency')
    .eq('slug', slug)
    .maybeSingle();
  if (error) throw new Error(`reading event ${slug} failed: ${error.message} (${error.code})`);
  if (!data?.slug || !data.title || !data.starts_at || !data.ends_at) return null;
  return {
    slug: data.slug,
    title: data.title,
    description: data.description ?? '',
    venue: data.venue ?? '',
    startsAt: data.starts_at,
    endsAt: data.ends_at,
    past: new Date(data.starts_at) <= now,
    full: data.seats_left === 0,
    seatsLeft: data.seats_left,
    price: data.price_amount !== null && data.currency ? { amount: data.price_amount, currency: data.currency } : null,
  };
}

export interface HeldRegistration {
  status: 'confirmed' | 'waitlisted' | 'cancelled';
  name: string;
  seats: number;
  eventTitle: string;
  startsAt: string;
  endsAt: string;
  venue: string;
  past: boolean;
  /** Staff cancelled the event itself (and with it every registration). */
  eventCancelled: boolean;
}

export async function readRegistration(token: string, now: Date): Promise<HeldRegistration | null> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const { data, error } = await serverSupabase().rpc('get_event_registration', { token }).maybeSingle();
  if (error) throw new Error(`get_event_registration failed: ${error.message} (${error.code})`);
  if (!data) return null;
  const status = data.status === 'confirmed' || data.status === 'waitlisted' ? data.status : 'cancelled';
  return {
    status,
    name: data.name,
    seats: data.seats,
    eventTitle: data.event_title,
    startsAt: data.starts_at,
    endsAt: data.ends_at,
    venue: data.venue,
    past: new Date(data.starts_at) <= now,
    eventCancelled: data.event_cancelled,
  };
}

/** True when the registration is (now) cancelled; false for an unknown token. */
export async function cancelRegistration(token: string): Promise<boolean> {
  if (!TOKEN_FORMAT.test(token)) return false;
  const { data, error } = await serverSupabase().rpc('cancel_event_registration', { token });
  if (error) throw new Error(`cancel_event_registration failed: ${error.message} (${error.code})`);
  return data.length > 0;
}
