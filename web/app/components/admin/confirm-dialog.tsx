/**
 * A modal asking to confirm a destructive action, naming the row ("Delete the event “Open day”?"),
 * so a slip of the hand on the wrong row is caught. Cancel has focus first; Escape cancels.
 */
import { useRef } from 'react';
import { useModalDialog } from '../ui/use-modal-dialog';
import './admin.css';

export interface ConfirmDialogProps {
  /** Whether it is shown. */
  open: boolean;
  /** The question, naming the row: `Delete the event “${title}”?`. */
  title: string;
  /** What follows if confirmed ("This cannot be undone."). */
  description?: string;
  confirmLabel: string;
  /** The button that backs out (default "Cancel"; say "Keep order" where the action is itself a cancelling). */
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const dialogProps = useModalDialog({ open, onDismiss: onCancel, initialFocus: cancelRef });
  if (!open) return null;
  return (
    <dialog {...dialogProps} className="confirm-dialog" aria-labelledby="confirm-dialog-title">
      <h2 id="confirm-dialog-title">{title}</h2>
      {description && <p>{description}</p>}
      <div className="confirm-dialog__actions">
        <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
