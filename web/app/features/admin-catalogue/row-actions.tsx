/**
 * A list row's Edit link, Publish / Unpublish button and Delete button (with a confirmation naming
 * the row), or what a list puts in Delete's place. Each change is a toast; a refusal (an ordered program, a lost session) says why.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toastError, toastSuccess } from '../../components/admin/admin-toast';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { deleteRow, updateRow, type CatalogueTable } from './catalogue-data';
import { errorWords } from './error-words';

export interface RowActionsProps {
  table: CatalogueTable;
  id: string;
  /** How the row is named in labels and the confirmation ("the event “Open day”"). */
  kind: string;
  name: string;
  published: boolean;
  /** Omitted for lists edited in place (stats). */
  editHref?: string;
  onEdit?: () => void;
  onChanged: () => void;
  /** False hides Publish / Unpublish (a cancelled event cannot be published again). */
  publishable?: boolean;
  /** Shown instead of Delete and its confirmation (an event with registrations is cancelled); null: nothing. */
  removal?: ReactNode;
  /** When set, Unpublish first asks, with these words (people are registered and are not told). */
  unpublishWarning?: string;
}

export function RowActions({
  table,
  id,
  kind,
  name,
  published,
  editHref,
  onEdit,
  onChanged,
  publishable = true,
  removal,
  unpublishWarning,
}: RowActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [confirmingUnpublish, setConfirmingUnpublish] = useState(false);
  const [busy, setBusy] = useState(false);

  async function togglePublished() {
    setBusy(true);
    try {
      await updateRow(table, id, { is_published: !published });
      setConfirmingUnpublish(false);
      void toastSuccess(`${published ? 'Unpublished' : 'Published'} “${name}”.`);
      onChanged();
    } catch (error) {
      setConfirmingUnpublish(false);
      void toastError(errorWords(error));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await deleteRow(table, id);
      setConfirming(false);
      void toastSuccess(`Deleted “${name}”.`);
      onChanged();
    } catch (error) {
      setConfirming(false);
      void toastError(errorWords(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="row-actions">
      {editHref && (
        <Link className="button button--small button--secondary" to={editHref} aria-label={`Edit ${kind} “${name}”`}>
          Edit
        </Link>
      )}
      {onEdit && (
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={onEdit}
          aria-label={`Edit ${kind} “${name}”`}
        >
          Edit
        </button>
      )}
      {publishable && (
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={busy}
          onClick={() => (published && unpublishWarning ? setConfirmingUnpublish(true) : void togglePublished())}
          aria-label={`${published ? 'Unpublish' : 'Publish'} ${kind} “${name}”`}
        >
          {published ? 'Unpublish' : 'Publish'}
        </button>
      )}
      {unpublishWarning && (
        <ConfirmDialog
          open={confirmingUnpublish}
          title={`Unpublish the ${kind} “${name}”?`}
          description={unpublishWarning}
          confirmLabel={`Unpublish ${kind}`}
          busy={busy}
          onConfirm={() => void togglePublished()}
          onCancel={() => setConfirmingUnpublish(false)}
        />
      )}
      {removal !== undefined ? (
        removal
      ) : (
        <>
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={busy}
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${kind} “${name}”`}
          >
            Delete
          </button>
          <ConfirmDialog
            open={confirming}
            title={`Delete the ${kind} “${name}”?`}
            description="This cannot be undone."
            confirmLabel={`Delete ${kind}`}
            busy={busy}
            onConfirm={() => void remove()}
            onCancel={() => setConfirming(false)}
          />
        </>
      )}
    </div>
  );
}
