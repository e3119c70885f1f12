/**
 * The intake's session days: each with its sign-in sheet (PDF, the participants read fresh) and
 * Remove (its marks go with it, so it asks first); a date field adds a day within the intake's
 * dates. New intakes start with their weekdays.
 */
import { useState } from 'react';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { toastError } from '../../components/admin/admin-toast';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { describeDbError } from '../../components/admin/describe-db-error';
import { FormError } from '../../components/admin/form-fields';
import { FormField } from '../../components/ui/form-field';
import { formatCalendarDate } from '../../lib/staff-time';
import { listRoster, type AttendanceMark, type RosterIntake, type SessionDay } from './api/get-intake-roster';
import { intakeLine } from './roster-format';
import { downloadPdf, renderSignInSheet } from './sign-in-sheet-pdf';

export function SessionDaysSection({
  intake,
  days,
  marks,
}: {
  intake: RosterIntake;
  days: SessionDay[];
  marks: AttendanceMark[];
}) {
  const { post, busy } = usePostToRoute();
  const [removing, setRemoving] = useState<SessionDay | null>(null);
  const [newDay, setNewDay] = useState('');
  const [dayError, setDayError] = useState<string | undefined>();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [printing, setPrinting] = useState<string | null>(null);

  useActionResult('add-day', (result) => (result.ok ? setNewDay('') : setSaveError(result.error)));

  async function sheet(day: SessionDay) {
    setPrinting(day.id);
    try {
      const participants = await listRoster({ intakeId: intake.id });
      const bytes = await renderSignInSheet({
        programTitle: intake.training_programs.title,
        intakeLine: intakeLine(intake),
        day: day.day,
        participants: participants.map((p) => ({ name: p.full_name, organisation: p.organisation })),
      });
      downloadPdf(bytes, `sign-in-${intake.starts_on}-${day.day}.pdf`);
    } catch (error) {
      void toastError(describeDbError(error));
    } finally {
      setPrinting(null);
    }
  }

  function add(event: React.FormEvent) {
    event.preventDefault();
    if (!newDay) {
      setDayError('Choose a date.');
      return;
    }
    setDayError(undefined);
    setSaveError(null);
    void post({ intent: 'add-day', day: newDay });
  }

  const marksOn = (day: SessionDay) => marks.filter((mark) => mark.session_day_id === day.id).length;

  return (
    <section aria-labelledby="days-heading" className="admin-roster__section">
      <h2 id="days-heading">Session days ({days.length})</h2>
      {days.length > 0 && (
        <ul className="admin-roster__days">
          {days.map((day) => (
            <li key={day.id}>
              <span>{formatCalendarDate(day.day)}</span>
              <button
                type="button"
                className="button button--small button--secondary"
                disabled={printing === day.id}
                aria-label={`Sign-in sheet (PDF) for ${formatCalendarDate(day.day)}`}
                onClick={() => void sheet(day)}
              >
                {printing === day.id ? 'Preparing…' : 'Sign-in sheet (PDF)'}
              </button>
              <button
                type="button"
                className="button button--small button--secondary"
                aria-label={`Remove the session day ${formatCalendarDate(day.day)}`}
                onClick={() => setRemoving(day)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="admin-form admin-roster__inline-form" noValidate onSubmit={add}>
        <FormField
          label="Add a session day"
          error={dayError}
          hint={`Between ${formatCalendarDate(intake.starts_on)} and ${formatCalendarDate(intake.ends_on)}.`}
        >
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="date"
              min={intake.starts_on}
              max={intake.ends_on}
              value={newDay}
              onChange={(event) => setNewDay(event.target.value)}
            />
          )}
        </FormField>
        <FormError message={saveError} />
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={busy}>
            Add day
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove the session day ${formatCalendarDate(removing.day)}?` : ''}
        description={
          removing && marksOn(removing) > 0
            ? `Its ${marksOn(removing)} attendance marks are removed with it.`
            : 'No attendance is marked on it yet.'
        }
        confirmLabel="Remove day"
        onConfirm={() => {
          if (removing) void post({ intent: 'remove-day', id: removing.id, day: removing.day });
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
