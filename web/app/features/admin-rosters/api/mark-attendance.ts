/**
 * Writes attendance marks (one cell, or a day's column): an upsert on (participant, day), so a
 * second mark replaces the first. The database stamps who marked and when.
 */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';

export const attendanceStatus = z.enum(['present', 'absent', 'excused']);
export type AttendanceStatus = z.infer<typeof attendanceStatus>;

export const markAttendanceInput = z.object({
  marks: z
    .array(z.object({ participant_id: z.uuid(), session_day_id: z.uuid(), status: attendanceStatus }))
    .min(1)
    .max(1000),
});

export async function markAttendance(input: z.input<typeof markAttendanceInput>): Promise<void> {
  const { marks } = markAttendanceInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase
    .from('attendance_marks')
    .upsert(marks, { onConflict: 'participant_id,session_day_id' })
    .select('id');
  if (error) throw error;
}

export const clearAttendanceInput = z.object({ participant_id: z.uuid(), session_day_id: z.uuid() });

/** Removes a mark (back to "not marked"). */
export async function clearAttendance(input: z.input<typeof clearAttendanceInput>): Promise<void> {
  const { participant_id, session_day_id } = clearAttendanceInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase
    .from('attendance_marks')
    .delete()
    .eq('participant_id', participant_id)
    .eq('session_day_id', session_day_id);
  if (error) throw error;
}
