/**
 * A list row's Edit link, Publish / Unpublish button and Delete button (with a confirmation naming
 * the row), or what a list puts in Delete's place. Each change is posted to the list
 * route's clientAction (row-action.ts), which toasts it; a refusal (an ordered program, a lost
 * session) says why.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePostToRoute } from '../../components/admin/action-result';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import type { CatalogueTable } from './api/set-published';
import type { RowIntent } from './row-action';

/** Posts a row's change to the list route's clientAction; resolves once done and the list is read again. */
export function useRowAction() {
  const { post, busy } = usePostToRoute();
  return { submit: (intent: RowIntent) => post(intent), busy };
}

export interface RowActionsProps {
  /** Which table the row is in (the list route's clientAction knows it; kept for the caller's clarity). */
  table: CatalogueTable;
  id: string;
  /** How the row is named in labels and the confirmation ("the event “Open day”"). */
  kind: string;
  name: string;
  published: boolean;
  /** Omitted for lists edited in place (stats). */
  editHref?: string;
  onEdit?: () => void;
  /** False hides Publish / Unpublish (a cancelled event cannot be published again). */
  publishable?: boolean;
  /** Shown instead of Delete and its confirmation (an event with registrations is cancelled); null: nothing. */
  removal?: ReactNode;
  /** When set, Unpublish first asks, with these words (people are registered and are not told). */
  unpublishWarning?: string;
}

export function RowActions({
  id,
  kind,
  name,
  published,
  editHref,
  onEdit,
  publishable = true,
  removal,
  unpublishWarning,
}: RowActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [confirmingUnpublish, setConfirmingUnpublish] = useState(false);
  const { submit, busy } = useRowAction();

  async function togglePublished() {
    await submit({ intent: 'set-published', id, name, published: !published });
    setConfirmingUnpublish(false);
  }

  async function remove() {
    await submit({ intent: 'delete', id, name });
    setConfirming(false);
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
