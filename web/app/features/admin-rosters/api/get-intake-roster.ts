/**
 * Everything the roster page of an intake shows, read at once: the intake with its program (and
 * the program's completion rule), its participants (public.intake_roster: one row per seat of the
 * orders that hold seats, with order, buyer and completion), its session days and their marks.
 * A seat not yet named (a quote's order, names given later) comes back without a participant:
 * it is listed apart (unnamedSeats), never in the attendance grid or on the sign-in sheets.
 */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';

type Tables = Database['public']['Tables'];
export type RosterRow = Database['public']['Functions']['intake_roster']['Returns'][number];
/** An order's seats whose participants are still to be named (`seats` of them). */
export type UnnamedSeats = Pick<
  RosterRow,
  'order_id' | 'order_reference' | 'order_status' | 'buyer_name' | 'buyer_email' | 'organisation'
> & { seats: number };
export type SessionDay = Tables['intake_session_days']['Row'];
export type AttendanceMark = Tables['attendance_marks']['Row'];

export const getIntakeRosterInput = z.object({ intakeId: z.uuid() });

async function readIntake(intakeId: string) {
  const supabase = await staffSupabase();
  const { data, error } = await supabase
    .from('program_intakes')
    .select('*, training_programs!inner(id, title)')
    .eq('id', intakeId)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export type RosterIntake = NonNullable<Awaited<ReturnType<typeof readIntake>>>;

export interface IntakeRoster {
  intake: RosterIntake;
  /** The program's own rule; null: the default (DEFAULT_MIN_ATTENDANCE_SHARE). */
  ruleShare: number | null;
  participants: RosterRow[];
  unnamedSeats: UnnamedSeats[];
  days: SessionDay[];
  marks: AttendanceMark[];
}

/** Null when no intake has that id (or the staff member may not read it). */
export async function getIntakeRoster(input: z.input<typeof getIntakeRosterInput>): Promise<IntakeRoster | null> {
  const { intakeId } = getIntakeRosterInput.parse(input);
  const supabase = await staffSupabase();
  const [intake, participants, days] = await Promise.all([
    readIntake(intakeId),
    readRoster(intakeId),
    supabase.from('intake_session_days').select('*').eq('intake_id', intakeId).order('day'),
  ]);
  if (!intake) return null;
  if (days.error) throw days.error;
  const rule = await supabase
    .from('program_completion_rules')
    .select('min_attendance_share')
    .eq('program_id', intake.program_id)
    .maybeSingle();
  if (rule.error) throw rule.error;
  const { data: marks, error } = await supabase
    .from('attendance_marks')
    .select('*')
    .in(
      'session_day_id',
      days.data.map((day) => day.id),
    );
  if (error) throw error;
  return {
    intake,
    ruleShare: rule.data?.min_attendance_share ?? null,
    participants: participants.named,
    unnamedSeats: participants.unnamed,
    days: days.data,
    marks,
  };
}

async function readRoster(intakeId: string): Promise<{ named: RosterRow[]; unnamed: UnnamedSeats[] }> {
  const supabase = await staffSupabase();
  const { data, error } = await supabase.rpc('intake_roster', { intake_id: intakeId });
  if (error) throw error;
  // The generated type says every row has a participant; an unnamed seat's is null.
  const isNamed = (row: RosterRow) => (row.participant_id as string | null) !== null;
  const unnamed = new Map<string, UnnamedSeats>();
  for (const row of data.filter((seat) => !isNamed(seat))) {
    const { order_id, order_reference, order_status, buyer_name, buyer_email, organisation } = row;
    const seats = (unnamed.get(order_id)?.seats ?? 0) + 1;
    unnamed.set(order_id, { order_id, order_reference, order_status, buyer_name, buyer_email, organisation, seats });
  }
  return { named: data.filter(isNamed), unnamed: [...unnamed.values()] };
}

/** The named participants alone (the CSV and the sign-in sheets read them fresh). */
export async function listRoster(input: z.input<typeof getIntakeRosterInput>): Promise<RosterRow[]> {
  const { intakeId } = getIntakeRosterInput.parse(input);
  return (await readRoster(intakeId)).named;
}
