/**
 * The vouchers screen's reads and writes, as the signed-in staff member: RLS decides who may
 * (marketing writes, finance reads; migration 20261129200000_vouchers.sql), voucher_usage gives
 * each voucher's uses. Codes generated in bulk share a batch id.
 */
import { z } from 'zod';
import { fromStaffInput } from '../../lib/staff-time';
import { staffSupabase } from '../../lib/supabase/staff-client';
import type { Tables, TablesInsert } from '../../../../supabase/database.types.ts';
import { CODE_FORMAT, generateVoucherCodes, MAX_BATCH, normaliseVoucherCode } from './voucher-codes';

/** A voucher with its use: orders, seats discounted, and seats its orders took in its held intake. */
export type Voucher = Tables<'vouchers'> & {
  uses: number;
  seats: number;
  held_used: number | null;
  hold_active: boolean | null;
};

export interface VoucherChoices {
  programs: Array<{ id: string; title: string }>;
  intakes: Array<{ id: string; program_id: string; starts_on: string }>;
}

export async function listVouchers(): Promise<Voucher[]> {
  const supabase = await staffSupabase();
  const [vouchers, usage] = await Promise.all([
    supabase.from('vouchers').select('*').order('created_at', { ascending: false }).limit(5000),
    supabase.rpc('voucher_usage'),
  ]);
  if (vouchers.error) throw vouchers.error;
  if (usage.error) throw usage.error;
  const byVoucher = new Map(usage.data.map((row) => [row.voucher_id, row]));
  return vouchers.data.map((voucher) => ({
    ...voucher,
    uses: byVoucher.get(voucher.id)?.uses ?? 0,
    seats: byVoucher.get(voucher.id)?.seats ?? 0,
    held_used: byVoucher.get(voucher.id)?.held_used ?? null,
    hold_active: byVoucher.get(voucher.id)?.hold_active ?? null,
  }));
}

/** The programs and upcoming intakes a voucher may be limited to. */
export async function listChoices(): Promise<VoucherChoices> {
  const supabase = await staffSupabase();
  const [programs, intakes] = await Promise.all([
    supabase.from('training_programs').select('id, title').order('title'),
    supabase
      .from('program_intakes')
      .select('id, program_id, starts_on')
      .gte('starts_on', new Date().toISOString().slice(0, 10))
      .order('starts_on'),
  ]);
  if (programs.error) throw programs.error;
  if (intakes.error) throw intakes.error;
  return { programs: programs.data, intakes: intakes.data };
}

const optionalNumber = z.union([z.literal(''), z.coerce.number()]).transform((value) => (value === '' ? null : value));

export const newVoucherInput = z
  .object({
    /** One code: as chosen (empty: a random one); several: the prefix of each. */
    code: z.string().trim().max(40),
    count: z.coerce
      .number()
      .int('The number of codes is a whole number.')
      .min(1, 'Make at least one code.')
      .max(MAX_BATCH, `Generate at most ${MAX_BATCH} codes at a time.`),
    description: z.string().trim().max(200),
    kind: z.enum(['percent_off', 'amount_off', 'set_price']),
    value: z.coerce.number().positive('Give the percentage or amount.'),
    currency: z.enum(['USD', 'KES']),
    scope: z.enum(['all_programs', 'programs', 'intakes']),
    programIds: z.array(z.uuid()),
    intakeIds: z.array(z.uuid()),
    validFrom: z.string().trim(),
    validUntil: z.string().trim(),
    maxUses: optionalNumber,
    maxSeatsPerOrder: optionalNumber,
    /** Seats held in one intake for the code's holders (each code of a batch holds as many). */
    heldIntakeId: z.union([z.literal(''), z.uuid()]),
    heldSeats: optionalNumber,
    heldUntil: z.string().trim(),
  })
  .superRefine((input, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', message, path: [path] });
    if (input.kind === 'percent_off' && input.value > 100) issue('value', 'A percentage is at most 100.');
    if (input.scope === 'programs' && input.programIds.length === 0)
      issue('programIds', 'Choose the programs it applies to.');
    if (input.scope === 'intakes' && input.intakeIds.length === 0)
      issue('intakeIds', 'Choose the intakes it applies to.');
    const code = normaliseVoucherCode(input.code);
    if (input.count === 1 && code && !CODE_FORMAT.test(code))
      issue('code', 'A code has 3 to 40 letters, digits, - or _, and starts with a letter or digit.');
    if (input.heldIntakeId && input.heldSeats === null) issue('heldSeats', 'Give the number of seats to hold.');
    if (!input.heldIntakeId && (input.heldSeats !== null || input.heldUntil))
      issue('heldIntakeId', 'Choose the intake to hold the seats in.');
    if (
      input.heldSeats !== null &&
      !(Number.isInteger(input.heldSeats) && input.heldSeats >= 1 && input.heldSeats <= 1000)
    )
      issue('heldSeats', 'The seats held are a whole number from 1 to 1,000.');
  });
export type NewVoucherInput = z.input<typeof newVoucherInput>;
export type NewVoucher = z.output<typeof newVoucherInput>;

function instant(value: string, label: string): string | null {
  if (!value) return null;
  const iso = fromStaffInput(value);
  if (!iso) throw new Error(`The ${label} is not a valid date and time.`);
  return iso;
}

/** Creates one voucher or a batch of generated ones; answers the codes made. */
export async function createVouchers(input: NewVoucher): Promise<string[]> {
  const typed = normaliseVoucherCode(input.code);
  const codes = input.count === 1 && typed ? [typed] : generateVoucherCodes(input.count, typed);
  const percent = input.kind === 'percent_off';
  const common: Omit<TablesInsert<'vouchers'>, 'code'> = {
    description: input.description || null,
    kind: input.kind,
    percent_off: percent ? input.value : null,
    amount: percent ? null : input.value,
    currency: percent ? null : input.currency,
    scope: input.scope,
    program_ids: input.scope === 'programs' ? input.programIds : [],
    intake_ids: input.scope === 'intakes' ? input.intakeIds : [],
    valid_from: instant(input.validFrom, 'start'),
    valid_until: instant(input.validUntil, 'end'),
    max_uses: input.maxUses,
    max_seats_per_order: input.maxSeatsPerOrder,
    held_intake_id: input.heldIntakeId || null,
    held_seats: input.heldIntakeId ? input.heldSeats : null,
    held_until: input.heldIntakeId ? instant(input.heldUntil, 'end of the hold') : null,
    batch_id: codes.length > 1 ? crypto.randomUUID() : null,
  };
  const supabase = await staffSupabase();
  const { error } = await supabase.from('vouchers').insert(codes.map((code) => ({ ...common, code })));
  if (error) throw error;
  return codes;
}

/** Pauses or resumes vouchers: one, or every code of a batch. */
export async function setPaused(target: { id: string } | { batchId: string }, paused: boolean): Promise<number> {
  const supabase = await staffSupabase();
  const query = supabase.from('vouchers').update({ is_paused: paused });
  const { data, error } = await (
    'id' in target ? query.eq('id', target.id) : query.eq('batch_id', target.batchId)
  ).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error('Only the marketing team may pause or resume vouchers.');
  return data.length;
}
