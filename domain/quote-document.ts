/**
 * A quote as private.quote_json builds it (public.view_quote for the buyer with the link,
 * public.quote_mail_document for the mail worker), parsed and typed; and the two links a buyer
 * gets: the quote (accept it) and its participants (name them later). One schema for the quote
 * page, the quote's PDF and its e-mail.
 */
import { z } from 'zod';
import { CURRENCIES } from './money.ts';

/** PostgreSQL numerics arrive as numbers or strings: both read as a number. */
const amount = z.coerce.number();

export const QUOTE_STATES = ['sent', 'viewed', 'accepted', 'expired', 'withdrawn'] as const;

const participantSchema = z.object({ position: z.number(), name: z.string(), email: z.string().nullable() });

const quoteLineSchema = z.object({
  position: z.number(),
  title: z.string(),
  seats: z.number(),
  unit_price: amount,
  discount_amount: amount,
  line_total: amount,
  intake: z
    .object({ starts_on: z.string(), ends_on: z.string(), is_online: z.boolean(), venue: z.string().nullable() })
    .nullable(),
  /** The last day names may be given or changed (null: no intake yet). */
  names_close_on: z.string().nullable(),
  participants: z.array(participantSchema),
});

const quoteSchema = z.object({
  state: z.enum(QUOTE_STATES),
  reference: z.string(),
  organisation: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  buyer_kra_pin: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  valid_until: z.string(),
  terms: z.string().nullable(),
  hold_days: z.number(),
  names_cutoff_days: z.number(),
  po_number: z.string().nullable(),
  accepted_at: z.string().nullable(),
  total: amount,
  order: z
    .object({ reference: z.string(), token: z.string(), status: z.string(), status_label: z.string() })
    .nullable(),
  lines: z.array(quoteLineSchema),
});

/** What a link shows once the quote is closed: its state and nothing else. */
const closedQuoteSchema = z.object({ state: z.enum(['expired', 'withdrawn']) }).strict();

export type QuoteDocument = z.infer<typeof quoteSchema>;
export type QuoteLine = z.infer<typeof quoteLineSchema>;
export type ClosedQuote = z.infer<typeof closedQuoteSchema>;

/** view_quote's answer: the quote, or only that it expired or was withdrawn. */
export function parseViewedQuote(data: unknown): QuoteDocument | ClosedQuote {
  const closed = closedQuoteSchema.safeParse(data);
  return closed.success ? closed.data : quoteSchema.parse(data);
}

export function isClosedQuote(quote: QuoteDocument | ClosedQuote): quote is ClosedQuote {
  return !('reference' in quote);
}

/** quote_mail_document's answer: the quote with its token and when it was sent. */
export function parseQuoteMailDocument(data: unknown): QuoteDocument & { token: string; sent_at: string | null } {
  return quoteSchema.extend({ token: z.string(), sent_at: z.string().nullable() }).parse(data);
}

export function quoteUrl(siteUrl: string, token: string): string {
  return new URL(`/quote/${encodeURIComponent(token)}`, siteUrl).toString();
}

/** The page that names an accepted quote's participants (the e-mailed link, /account's link). */
export function quoteParticipantsPath(token: string): string {
  return `/quote/${encodeURIComponent(token)}/participants`;
}

export function quoteParticipantsUrl(siteUrl: string, token: string): string {
  return new URL(quoteParticipantsPath(token), siteUrl).toString();
}
