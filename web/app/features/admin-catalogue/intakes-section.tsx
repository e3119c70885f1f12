/**
 * The intakes of a program, on its edit page: a table of them (dates, venue or online, capacity,
 * seats sold) with Edit / Delete, and one form to add or edit an intake. The capacity cannot go
 * below the seats sold (checked here and by the database); an intake with orders cannot be deleted.
 * Each intake's participants export as CSV (one line per participant).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { CsvExportButton } from '../../components/admin/csv-export-button';
import { CheckboxField, FormError, TextField } from '../../components/admin/form-fields';
import { toStaffInput } from '../../lib/staff-time';
import type { IntakeWithSold } from './api/list-intakes';
import type { IntakeIntent } from './intake-action';
import { formatCalendarDate } from '../../lib/staff-time';
import { fetchIntakeParticipants, participantCsvColumns } from './intake-participants';
import { intakeSchema, type IntakeInput, type IntakeValues } from './schemas';

const emptyIntake: IntakeInput = {
  starts_on: '',
  ends_on: '',
  is_online: false,
  venue: '',
  capacity: '20',
  is_published: false,
  early_bird_price: '',
  early_bird_until: '',
};

function intakeName(intake: IntakeWithSold): string {
  return `${formatCalendarDate(intake.starts_on)} – ${formatCalendarDate(intake.ends_on)}`;
}

export interface IntakesSectionProps {
  programTitle: string;
  /** Read by the program page's clientLoader, and again (revalidated) after each change here. */
  intakes: IntakeWithSold[];
}

export function IntakesSection({ programTitle, intakes }: IntakesSectionProps) {
  const [editing, setEditing] = useState<IntakeWithSold | null>(null);
  const [deleting, setDeleting] = useState<IntakeWithSold | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  // Changes go to the program route's clientAction (intake-action.ts), which toasts them.
  const { post, busy } = usePostToRoute();
  const change = (intent: IntakeIntent) => post(intent);

  const sold = editing?.sold ?? 0;
  const form = useForm<IntakeInput, unknown, IntakeValues>({
    resolver: zodResolver(intakeSchema(sold, { savedStartsOn: editing?.starts_on })),
    defaultValues: emptyIntake,
  });
  const {
    register,
    reset,
    control,
    formState: { errors },
  } = form;
  const online = useWatch({ control, name: 'is_online' });

  function edit(intake: IntakeWithSold | null) {
    setEditing(intake);
    setSaveError(null);
    reset(
      intake
        ? {
            starts_on: intake.starts_on,
            ends_on: intake.ends_on,
            is_online: intake.is_online,
            venue: intake.venue ?? '',
            capacity: String(intake.capacity),
            is_published: intake.is_published,
            early_bird_price: intake.early_bird_price === null ? '' : String(intake.early_bird_price),
            early_bird_until: intake.early_bird_until ? toStaffInput(intake.early_bird_until) : '',
          }
        : emptyIntake,
    );
  }

  useActionResult('save-intake', (result) => (result.ok ? edit(null) : setSaveError(result.error)));
  useActionResult('delete-intake', (result) => {
    if (result.ok && editing?.id === result.id) edit(null);
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setSaveError(null);
    await change({ intent: 'save-intake', id: editing?.id ?? null, values });
  });

  async function remove(intake: IntakeWithSold) {
    await change({ intent: 'delete-intake', id: intake.id, name: intakeName(intake) });
    setDeleting(null);
  }

  return (
    <section aria-labelledby="intakes-heading" className="admin-intakes">
      <h2 id="intakes-heading">Intakes of {programTitle}</h2>
      {intakes && intakes.length === 0 && <p>No intakes yet: visitors can order “next available intake”.</p>}
      {intakes && intakes.length > 0 && (
        <div className="data-table__scroll">
          <table className="data-table">
            <caption className="visually-hidden">Intakes of {programTitle}</caption>
            <thead>
              <tr>
                <th scope="col">Dates</th>
                <th scope="col">Where</th>
                <th scope="col">Capacity</th>
                <th scope="col">Seats sold</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {intakes.map((intake) => (
                <tr key={intake.id}>
                  <td>{intakeName(intake)}</td>
                  <td>{intake.is_online ? 'Online' : intake.venue}</td>
                  <td>{intake.capacity}</td>
                  <td>{intake.sold}</td>
                  <td>{intake.is_published ? 'Published' : 'Unpublished'}</td>
                  <td>
                    <div className="row-actions">
                      <Link
                        className="button button--small button--secondary"
                        to={`/admin/intakes/${intake.id}`}
                        aria-label={`Roster and attendance of the intake ${intakeName(intake)}`}
                      >
                        Roster
                      </Link>
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        onClick={() => edit(intake)}
                        aria-label={`Edit the intake ${intakeName(intake)}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        onClick={() => setDeleting(intake)}
                        aria-label={`Delete the intake ${intakeName(intake)}`}
                      >
                        Delete
                      </button>
                      <CsvExportButton
                        fetchRows={() => fetchIntakeParticipants(intake.id)}
                        columns={participantCsvColumns}
                        fileStem={`participants-${intake.starts_on}`}
                        noun={['participant', 'participants']}
                        label="Participants (CSV)"
                        accessibleName={`Export the participants of the intake ${intakeName(intake)}`}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>{editing ? `Edit the intake ${intakeName(editing)}` : 'Add an intake'}</h3>
      <form className="admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label="Starts on"
          type="date"
          required
          registration={register('starts_on')}
          error={errors.starts_on}
        />
        <TextField label="Ends on" type="date" required registration={register('ends_on')} error={errors.ends_on} />
        <CheckboxField label="Held online" registration={register('is_online')} />
        {!online && <TextField label="Venue" required registration={register('venue')} error={errors.venue} />}
        <TextField
          label="Capacity"
          type="number"
          required
          registration={register('capacity')}
          error={errors.capacity}
          hint={editing && editing.sold > 0 ? `At least ${editing.sold}: seats already sold.` : 'From 1 to 1000 seats.'}
        />
        <TextField
          label="Early-bird amount on this intake (optional)"
          registration={register('early_bird_price')}
          error={errors.early_bird_price}
          hint="A lower price per seat on this intake, in the program's currency; it replaces the program's early-bird price."
        />
        <TextField
          label="Early-bird on this intake until (Nairobi time)"
          type="datetime-local"
          registration={register('early_bird_until')}
          error={errors.early_bird_until}
        />
        <CheckboxField label="Published (bookable on the website)" registration={register('is_published')} />
        <FormError message={saveError} />
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={busy}>
            {editing ? 'Save intake' : 'Add intake'}
          </button>
          {editing && (
            <button type="button" className="button button--secondary" onClick={() => edit(null)}>
              Cancel editing
            </button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete the intake ${intakeName(deleting)} of “${programTitle}”?` : ''}
        description="This cannot be undone."
        confirmLabel="Delete intake"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
