/**
 * The buyer's calls by a quote's link, from the visitor's browser (the database limits them per
 * client address and per quote): read the quote, accept it, name its participants. A refusal
 * comes back as its sentence (domain/refusal.ts); anything else as a general one.
 */
import { refusalOf } from '../../../../domain/refusal.ts';
import { parseViewedQuote, type ClosedQuote, type QuoteDocument } from '../../../../domain/quote-document.ts';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import type { ParticipantName } from './participant-names';

export type QuoteLookup =
  | { kind: 'quote'; quote: QuoteDocument }
  | { kind: 'closed'; quote: ClosedQuote }
  | { kind: 'not-found' }
  | { kind: 'error'; message: string };

export type QuoteWrite<T> = { ok: true; value: T } | { ok: false; field: string | null; message: string };

const UNREACHABLE = 'We could not reach our booking system just now. Please try again in a moment.';

function failure(error: { code: string; message: string; details?: string | null; hint?: string | null }) {
  const refusal = refusalOf(error);
  if (refusal) return { ok: false as const, field: refusal.field, message: refusal.message };
  console.error('[quote] call failed:', error.code, error.message);
  return { ok: false as const, field: null, message: UNREACHABLE };
}

export async function lookUpQuote(token: string): Promise<QuoteLookup> {
  try {
    const supabase = await getBrowserSupabase();
    const { data, error } = await supabase.rpc('view_quote', { token });
    if (error) {
      if (error.code === 'P0002') return { kind: 'not-found' };
      return { kind: 'error', message: failure(error).message };
    }
    const quote = parseViewedQuote(data);
    return 'reference' in quote ? { kind: 'quote', quote } : { kind: 'closed', quote };
  } catch (error) {
    console.error('[quote] could not read the quote:', error);
    return { kind: 'error', message: UNREACHABLE };
  }
}

export async function acceptQuote(
  token: string,
  poNumber: string,
  participants: ParticipantName[][] | null,
): Promise<QuoteWrite<{ reference: string }>> {
  try {
    const supabase = await getBrowserSupabase();
    const { data, error } = await supabase
      .rpc('accept_quote', { token, po_number: poNumber, participants: participants ?? undefined })
      .single();
    if (error) return failure(error);
    return { ok: true, value: { reference: data.reference } };
  } catch (error) {
    console.error('[quote] could not accept the quote:', error);
    return { ok: false, field: null, message: UNREACHABLE };
  }
}

export async function nameParticipants(
  token: string,
  participants: Array<ParticipantName[] | null>,
): Promise<QuoteWrite<null>> {
  try {
    const supabase = await getBrowserSupabase();
    const { error } = await supabase.rpc('name_quote_participants', { token, participants });
    if (error) return failure(error);
    return { ok: true, value: null };
  } catch (error) {
    console.error('[quote] could not save the names:', error);
    return { ok: false, field: null, message: UNREACHABLE };
  }
}
