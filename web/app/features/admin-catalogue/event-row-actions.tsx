/**
 * An event row's actions. An event nobody registered for is deleted as any row; one with
 * registrations is cancelled instead ("Cancel event", its confirmation naming how many people are
 * e-mailed), and a cancelled event has neither (nor Publish: it stays off the website).
 * Unpublishing an event people are registered for first says that they are not told.
 */
import { useState } from 'react';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import type { ActionsProps } from './catalogue-list';
import { errorWords } from './error-words';
import { cancelEvent, registeredPeople, type EventListRow, type RegistrationCounts } from './events-data';
import { RowActions } from './row-actions';

const people = (count: number) => (count === 1 ? '1 person' : `${count} people`);

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

function CancelEventButton({ row, reload }: { row: EventListRow; reload: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const registered = registeredPeople(row.registrations);

  async function cancel() {
    setBusy(true);
    try {
      await cancelEvent(row.id);
      setConfirming(false);
      void toastSuccess(`Cancelled “${row.title}”; ${people(registered)} e-mailed.`);
      reload();
    } catch (error) {
      setConfirming(false);
      void toastError(errorWords(error));
    } finally {
      setBusy(false);
    }
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

export function EventRowActions({ row, reload }: ActionsProps<'events'>) {
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
      onChanged={reload}
      publishable={!cancelled}
      unpublishWarning={unpublishWords(event.registrations)}
      removal={cancelled ? null : event.registrations ? <CancelEventButton row={event} reload={reload} /> : undefined}
    />
  );
}
