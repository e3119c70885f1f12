/**
 * Everything the roster page of an intake shows, read at once: the intake with its program (and
 * the program's completion rule), its participants (public.intake_roster: one row per seat of the
 * orders that hold seats, with order, buyer and completion), its session days and their marks.
 */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import type { Database } from '../../../lib/supabase/database';

type Tables = Database['public']['Tables'];
export type RosterRow = Database['public']['Functions']['intake_roster']['Returns'][number];
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
  days: SessionDay[];
  marks: AttendanceMark[];
}

/** Null when no intake has that id (or the staff member may not read it). */
export async function getIntakeRoster(input: z.input<typeof getIntakeRosterInput>): Promise<IntakeRoster | null> {
  const { intakeId } = getIntakeRosterInput.parse(input);
  const supabase = await staffSupabase();
  const [intake, participants, days] = await Promise.all([
    readIntake(intakeId),
    listRoster({ intakeId }),
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
  return { intake, ruleShare: rule.data?.min_attendance_share ?? null, participants, days: days.data, marks };
}

/** The participants alone (the CSV and the sign-in sheets read them fresh). */
export async function listRoster(input: z.input<typeof getIntakeRosterInput>): Promise<RosterRow[]> {
  const { intakeId } = getIntakeRosterInput.parse(input);
  const supabase = await staffSupabase();
  const { data, error } = await supabase.rpc('intake_roster', { intake_id: intakeId });
  if (error) throw error;
  return data;
}
