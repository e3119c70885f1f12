/**
 * The attendance grid of an intake: a row per participant, a column per session day, one select
 * per cell (not marked, present, absent, excused). Keyboard first: Tab and Shift+Tab move from cell
 * to cell, the arrow keys or the first letter (p, a, e) choose, each choice is saved at once. Each
 * column has "All present" (everyone not yet marked that day). Under each mark: who and when.
 */
import { useId, useState } from 'react';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { formatCalendarDate } from '../../lib/staff-time';
import type { AttendanceMark, RosterRow, SessionDay } from './api/get-intake-roster';
import type { AttendanceStatus } from './api/mark-attendance';
import type { RosterIntent } from './roster-action';
import { markedBy, statusLabels } from './roster-format';

function AttendanceCell({
  participant,
  day,
  mark,
  post,
}: {
  participant: RosterRow;
  day: SessionDay;
  mark: AttendanceMark | undefined;
  post: (intent: RosterIntent) => Promise<void>;
}) {
  const metaId = useId();
  const saved = mark?.status ?? '';
  // The choice shows at once; the server's mark (a new version) replaces it once the page is read again.
  const version = `${saved}|${mark?.marked_at ?? ''}`;
  const [choice, setChoice] = useState<{ value: string; over: string } | null>(null);
  const chosen = choice?.over === version ? choice.value : null;
  // A refused mark shows the saved one again (the toast says why).
  useActionResult('mark', (result) => {
    if (!result.ok) setChoice(null);
  });
  return (
    <td className="attendance-grid__cell">
      <select
        className="attendance-grid__select"
        aria-label={`${participant.full_name}, ${formatCalendarDate(day.day)}`}
        aria-describedby={mark ? metaId : undefined}
        value={chosen ?? saved}
        data-status={chosen ?? saved}
        onChange={(event) => {
          const status = (event.target.value || null) as AttendanceStatus | null;
          setChoice({ value: event.target.value, over: version });
          void post({
            intent: 'mark',
            participantId: participant.participant_id,
            dayId: day.id,
            status,
            who: participant.full_name,
            day: day.day,
          });
        }}
      >
        <option value="">Not marked</option>
        <option value="present">{statusLabels.present}</option>
        <option value="absent">{statusLabels.absent}</option>
        <option value="excused">{statusLabels.excused}</option>
      </select>
      {mark && (
        <span id={metaId} className="attendance-grid__meta">
          {markedBy(mark.marked_by_email, mark.marked_at)}
        </span>
      )}
    </td>
  );
}

export function AttendanceGrid({
  participants,
  days,
  marks,
}: {
  participants: RosterRow[];
  days: SessionDay[];
  marks: AttendanceMark[];
}) {
  const { post } = usePostToRoute();
  const send = (intent: RosterIntent) => post(intent);
  const markOf = (participantId: string, dayId: string) =>
    marks.find((mark) => mark.participant_id === participantId && mark.session_day_id === dayId);

  function allPresent(day: SessionDay) {
    const unmarked = participants.filter((p) => !markOf(p.participant_id, day.id));
    void send({
      intent: 'all-present',
      dayId: day.id,
      day: day.day,
      participantIds: unmarked.map((p) => p.participant_id),
    });
  }

  return (
    <section aria-labelledby="attendance-heading" className="admin-roster__section">
      <h2 id="attendance-heading">Attendance</h2>
      {days.length === 0 || participants.length === 0 ? (
        <p>{days.length === 0 ? 'No session days: add one below.' : 'No participants yet.'}</p>
      ) : (
        <>
          <p className="admin-roster__hint">
            Tab moves from cell to cell; the arrow keys or the first letter (P, A, E) choose. Each mark is saved at
            once. “All present” marks everyone not yet marked on that day.
          </p>
          <div className="data-table__scroll">
            <table className="data-table attendance-grid">
              <caption className="visually-hidden">Attendance per participant and session day</caption>
              <thead>
                <tr>
                  <th scope="col">Participant</th>
                  {days.map((day) => (
                    <th scope="col" key={day.id}>
                      <span className="attendance-grid__day">{formatCalendarDate(day.day)}</span>
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        aria-label={`All present on ${formatCalendarDate(day.day)}`}
                        title="Marks everyone not yet marked on this day present"
                        onClick={() => allPresent(day)}
                      >
                        All present
                      </button>
                    </th>
                  ))}
                  <th scope="col">Days present</th>
                </tr>
              </thead>
              <tbody>
                {participants.map((participant) => (
                  <tr key={participant.participant_id}>
                    <th scope="row">{participant.full_name}</th>
                    {days.map((day) => (
                      <AttendanceCell
                        key={day.id}
                        participant={participant}
                        day={day}
                        mark={markOf(participant.participant_id, day.id)}
                        post={send}
                      />
                    ))}
                    <td>
                      {participant.days_present} of {participant.days_total}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
