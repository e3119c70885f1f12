/**
 * The roster page's writes, for its route's clientAction: rename a participant, mark attendance
 * (a cell, or everyone not yet marked on a day), clear a mark, add or remove a session day, set
 * the program's completion rule, override a participant's completion or clear the override.
 * Posted as JSON; the toast says what happened; the router then reads the page again.
 */
import { z } from 'zod';
import { toastedAction, type ActionResult } from '../../components/admin/action-result';
import { formatCalendarDate } from '../../lib/staff-time';
import { clearCompletionOverride, overrideValues, setCompletionOverride, setCompletionRule } from './api/completion';
import { attendanceStatus, clearAttendance, markAttendance } from './api/mark-attendance';
import { participantValues, renameParticipant } from './api/rename-participant';
import { addSessionDay, removeSessionDay } from './api/session-days';

const statusWords = { present: 'present', absent: 'absent', excused: 'excused' } as const;

export const rosterIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('rename'), id: z.uuid(), values: participantValues }),
  z.object({
    intent: z.literal('mark'),
    participantId: z.uuid(),
    dayId: z.uuid(),
    /** null: clear the mark. */
    status: attendanceStatus.nullable(),
    who: z.string(),
    day: z.iso.date(),
  }),
  z.object({
    intent: z.literal('all-present'),
    dayId: z.uuid(),
    day: z.iso.date(),
    participantIds: z.array(z.uuid()),
  }),
  z.object({ intent: z.literal('add-day'), day: z.iso.date({ error: 'Choose a date.' }) }),
  z.object({ intent: z.literal('remove-day'), id: z.uuid(), day: z.iso.date() }),
  z.object({ intent: z.literal('rule'), programId: z.uuid(), percent: z.number() }),
  z.object({ intent: z.literal('override'), participantId: z.uuid(), who: z.string(), values: overrideValues }),
  z.object({ intent: z.literal('clear-override'), participantId: z.uuid(), who: z.string() }),
]);
export type RosterIntent = z.input<typeof rosterIntent>;

export function rosterAction(intakeId: string, body: unknown): Promise<ActionResult> {
  const intent = rosterIntent.parse(body);
  switch (intent.intent) {
    case 'rename':
      return toastedAction(
        intent.intent,
        async () => {
          await renameParticipant({ id: intent.id, values: intent.values });
          return `Saved the participant ${intent.values.full_name.trim()}.`;
        },
        intent.id,
      );
    case 'mark':
      return toastedAction(intent.intent, async () => {
        const cell = { participant_id: intent.participantId, session_day_id: intent.dayId };
        if (intent.status) await markAttendance({ marks: [{ ...cell, status: intent.status }] });
        else await clearAttendance(cell);
        const on = formatCalendarDate(intent.day);
        return intent.status
          ? `${intent.who}: ${statusWords[intent.status]} on ${on}.`
          : `${intent.who}: no mark on ${on}.`;
      });
    case 'all-present':
      return toastedAction(intent.intent, async () => {
        const on = formatCalendarDate(intent.day);
        if (intent.participantIds.length === 0) return `Everyone is marked on ${on} already.`;
        await markAttendance({
          marks: intent.participantIds.map((id) => ({
            participant_id: id,
            session_day_id: intent.dayId,
            status: 'present' as const,
          })),
        });
        const count = intent.participantIds.length;
        return `Marked ${count} ${count === 1 ? 'participant' : 'participants'} present on ${on}.`;
      });
    case 'add-day':
      return toastedAction(intent.intent, async () => {
        await addSessionDay({ intakeId, day: intent.day });
        return `Added ${formatCalendarDate(intent.day)} as a session day.`;
      });
    case 'remove-day':
      return toastedAction(intent.intent, async () => {
        await removeSessionDay({ id: intent.id });
        return `Removed the session day ${formatCalendarDate(intent.day)}.`;
      });
    case 'rule':
      return toastedAction(intent.intent, async () => {
        await setCompletionRule(intent);
        return `Completion rule saved: at least ${intent.percent} % of the session days present.`;
      });
    case 'override':
      return toastedAction(
        intent.intent,
        async () => {
          await setCompletionOverride({ participantId: intent.participantId, values: intent.values });
          return `${intent.who}: completion set by hand.`;
        },
        intent.participantId,
      );
    case 'clear-override':
      return toastedAction(intent.intent, async () => {
        await clearCompletionOverride({ participantId: intent.participantId });
        return `${intent.who}: completion follows the rule again.`;
      });
  }
}
