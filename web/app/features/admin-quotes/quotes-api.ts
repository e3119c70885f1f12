/**
 * The quotes screen's reads and writes, as the signed-in staff member: the database decides who
 * may (finance and programmes; migration 20261129320000_quotes.sql). staff_quotes gives each
 * quote's state (expired computed there), total and order.
 */
import { z } from 'zod';
import { staffSupabase } from '../../lib/supabase/staff-client';
import type { Database } from '../../lib/supabase/database';

export type QuoteRow = Database['public']['Functions']['staff_quotes']['Returns'][number];

export interface QuoteChoices {
  programs: Array<{ id: string; title: string; price_amount: number; currency: string }>;
  intakes: Array<{ id: string; program_id: string; starts_on: string }>;
}

export async function listQuotes(): Promise<QuoteRow[]> {
  const supabase = await staffSupabase();
  const { data, error } = await supabase.rpc('staff_quotes');
  if (error) throw error;
  return data;
}

/** The published programs and their upcoming intakes a quote may hold. */
export async function listQuoteChoices(): Promise<QuoteChoices> {
  const supabase = await staffSupabase();
  const [programs, intakes] = await Promise.all([
    supabase
      .from('training_programs')
      .select('id, title, price_amount, currency')
      .eq('is_published', true)
      .order('title'),
    supabase
      .from('program_intakes')
      .select('id, program_id, starts_on')
      .gt('starts_on', new Date().toISOString().slice(0, 10))
      .order('starts_on'),
  ]);
  if (programs.error) throw programs.error;
  if (intakes.error) throw intakes.error;
  return { programs: programs.data, intakes: intakes.data };
}

const money = z.coerce.number().positive('Enter an amount above zero.');

/** The form's values: the database checks them again and answers in words. */
export const newQuoteInput = z.object({
  organisation: z.string().trim().min(1, 'Enter the organisation.').max(200),
  contactName: z.string().trim().min(1, 'Enter the contact’s name.').max(200),
  contactEmail: z.email('Enter a valid e-mail address.'),
  kraPin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z][0-9]{9}[A-Z])?$/, 'A KRA PIN is a letter, nine digits and a letter, for example P051234567X.'),
  currency: z.enum(['USD', 'KES']),
  validUntil: z.iso.date('Choose the last day the quote may be accepted.'),
  terms: z.string().trim().max(5000),
  holdDays: z.coerce.number().int().min(1).max(90),
  namesCutoffDays: z.coerce.number().int().min(0).max(60),
  lines: z
    .array(
      z.object({
        programId: z.uuid('Choose a program.'),
        intakeId: z.union([z.literal(''), z.uuid()]),
        seats: z.coerce.number().int('Seats are a whole number.').min(1, 'At least one seat.').max(1000),
        unitPrice: money,
        discount: z.coerce.number().min(0, 'A discount is zero or more.'),
      }),
    )
    .min(1, 'Add at least one program.')
    .max(20),
});
export type NewQuoteInput = z.input<typeof newQuoteInput>;
export type NewQuote = z.output<typeof newQuoteInput>;

/** Builds the quote and sends it (its mail queued with the PDF and the link). */
export async function createAndSendQuote(quote: NewQuote): Promise<string> {
  const supabase = await staffSupabase();
  const { data: id, error } = await supabase.rpc('create_quote', {
    organisation: quote.organisation,
    contact_name: quote.contactName,
    contact_email: quote.contactEmail,
    currency: quote.currency,
    valid_until: quote.validUntil,
    lines: quote.lines.map((line) => ({
      program_id: line.programId,
      intake_id: line.intakeId || null,
      seats: line.seats,
      unit_price: line.unitPrice,
      discount_amount: line.discount,
    })),
    terms: quote.terms || undefined,
    buyer_kra_pin: quote.kraPin || undefined,
    hold_days: quote.holdDays,
    names_cutoff_days: quote.namesCutoffDays,
  });
  if (error) throw error;
  await sendQuote(id);
  return id;
}

export async function sendQuote(id: string): Promise<void> {
  const supabase = await staffSupabase();
  const { error } = await supabase.rpc('send_quote', { quote_id: id });
  if (error) throw error;
}

export async function withdrawQuote(id: string): Promise<void> {
  const supabase = await staffSupabase();
  const { error } = await supabase.rpc('withdraw_quote', { quote_id: id });
  if (error) throw error;
}
