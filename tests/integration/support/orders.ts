/** Fixtures and calls shared by the order tests: programs and intakes made for a test, valid order arguments. */
import { randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, TablesInsert } from '../../../supabase/database.types.ts';

type Client = SupabaseClient<Database>;
export type OrderArgs = Database['public']['Functions']['create_order']['Args'];
export interface Line {
  program_id: string;
  intake_id: string | null;
  quantity: unknown;
  participants: Array<{ name: string; email?: string | null }>;
  [tampered: string]: unknown;
}

/** A date `days` from today in Nairobi, as YYYY-MM-DD. */
export function day(days: number): string {
  const nairobi = new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000);
  return nairobi.toISOString().slice(0, 10);
}

export async function makeProgram(
  admin: Client,
  fields: Partial<TablesInsert<'training_programs'>> = {},
): Promise<{ id: string; slug: string }> {
  const tag = randomBytes(5).toString('hex');
  const { data, error } = await admin
    .from('training_programs')
    .insert({
      title: `Order test program ${tag}`,
      slug: `order-test-${tag}`,
      category: 'Testing',
      focus: 'Checkout',
      description: 'A program made by the order tests.',
      duration: '2 days',
      price_amount: 100,
      currency: 'USD',
      is_published: true,
      ...fields,
    })
    .select('id, slug')
    .single();
  if (error) throw new Error(`program fixture: ${error.message}`);
  return data;
}

export async function makeIntake(
  admin: Client,
  programId: string,
  fields: Partial<TablesInsert<'program_intakes'>> = {},
): Promise<string> {
  const { data, error } = await admin
    .from('program_intakes')
    .insert({
      program_id: programId,
      starts_on: day(30),
      ends_on: day(31),
      is_online: false,
      venue: 'Ascent Training Centre, Kiambu Road, Nairobi',
      capacity: 20,
      is_published: true,
      ...fields,
    })
    .select('id')
    .single();
  if (error) throw new Error(`intake fixture: ${error.message}`);
  return data.id;
}

export function people(count: number): Array<{ name: string; email: string | null }> {
  return Array.from({ length: count }, (_, i) => ({
    name: `Participant ${i + 1}`,
    email: i === 0 ? 'p1@example.com' : null,
  }));
}

export function line(programId: string, intakeId: string | null, quantity: number): Line {
  return { program_id: programId, intake_id: intakeId, quantity, participants: people(quantity) };
}

export function orderArgs(lines: Line[], overrides: Partial<OrderArgs> = {}): OrderArgs {
  return {
    idempotency_key: randomUUID(),
    buyer_name: 'Wanjiru Kamau',
    buyer_email: `buyer-${randomBytes(4).toString('hex')}@example.com`,
    buyer_phone: '0712 345 678',
    payment_method: 'invoice',
    accepted_terms: true,
    organisation: 'Kiambu Water Company',
    po_number: 'PO-7781',
    items: lines as unknown as OrderArgs['items'],
    ...overrides,
  };
}
