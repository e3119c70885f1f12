/**
 * An event row's actions. An event nobody registered for is deleted as any row; one with
 * registrations is cancelled instead ("Cancel event", its confirmation naming how many people are
 * e-mailed), and a cancelled event has neither (nor Publish: it stays off the website).
 * Unpublishing an event people are registered for first says that they are not told.
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { registeredPeople, type EventListRow, type RegistrationCounts } from './api/list-events';
import type { ActionsProps } from './catalogue-list';
import { people } from './row-action';
import { RowActions, useRowAction } from './row-actions';

/** What cancelling does, with the numbers: who is told, who was already checked in. */
export function cancellationWords(counts: RegistrationCounts | null): string {
  const registered = registeredPeople(counts);
  const checkedIn = counts?.checked_in ?? 0;
  const who =
    registered === 0
      ? 'Nobody is registered now.'
      : `${people(registered)} ${registered === 1 ? 'is' : 'are'} registered (${counts?.confirmed ?? 0} with a seat, ${counts?.waitlisted ?? 0} on the waitlist${checkedIn > 0 ? `, ${checkedIn} checked in` : ''}): each is e-mailed that the event is cancelled, and the seats are released.`;
  return `${who} The event leaves the website for good. This cannot be undone.`;
}

/** Unpublishing hides the event but keeps its people registered, untold: staff should know. */
export function unpublishWords(counts: RegistrationCounts | null): string | undefined {
  const registered = registeredPeople(counts);
  if (registered === 0) return undefined;
  return `${people(registered)} ${registered === 1 ? 'is' : 'are'} registered. Unpublishing only hides the event from the website: they stay registered and are not told. To call the event off, cancel it instead; they are e-mailed.`;
}

function CancelEventButton({ row }: { row: EventListRow }) {
  const [confirming, setConfirming] = useState(false);
  const { submit, busy } = useRowAction();
  const registered = registeredPeople(row.registrations);

  async function cancel() {
    await submit({ intent: 'cancel-event', id: row.id, name: row.title, registered });
    setConfirming(false);
  }

  return (
    <>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={busy}
        onClick={() => setConfirming(true)}
        aria-label={`Cancel event “${row.title}” (${people(registered)} registered)`}
      >
        Cancel event
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Cancel the event “${row.title}”?`}
        description={cancellationWords(row.registrations)}
        confirmLabel={`Cancel event and e-mail ${people(registered)}`}
        busy={busy}
        onConfirm={() => void cancel()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

export function EventRowActions({ row }: ActionsProps<'events'>) {
  const event = row as EventListRow;
  const cancelled = event.cancelled_at !== null;
  return (
    <RowActions
      table="events"
      id={event.id}
      kind="event"
      name={event.title}
      published={event.is_published}
      editHref={`/admin/events/${event.id}`}
      publishable={!cancelled}
      unpublishWarning={unpublishWords(event.registrations)}
      removal={cancelled ? null : event.registrations ? <CancelEventButton row={event} /> : undefined}
    />
  );
}
