/**
 * Correct a participant's name and e-mail (a colleague sent instead): a modal form; the change is
 * audited by the database. Cancel or Escape leaves everything as it was.
 */
import { useRef, useState } from 'react';
import { FormError } from '../../components/admin/form-fields';
import { FormField } from '../../components/ui/form-field';
import { useModalDialog } from '../../components/ui/use-modal-dialog';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import type { RosterRow } from './api/get-intake-roster';
import { participantValues } from './api/rename-participant';

export function ParticipantDialog({ participant, onClose }: { participant: RosterRow; onClose: () => void }) {
  const nameRef = useRef<HTMLInputElement>(null);
  const dialogProps = useModalDialog({ open: true, onDismiss: onClose, initialFocus: nameRef });
  const { post, busy } = usePostToRoute();
  const [name, setName] = useState(participant.full_name);
  const [email, setEmail] = useState(participant.email ?? '');
  const [errors, setErrors] = useState<{ full_name?: string; email?: string }>({});
  const [saveError, setSaveError] = useState<string | null>(null);

  useActionResult('rename', (result) => (result.ok ? onClose() : setSaveError(result.error)));

  function save(event: React.FormEvent) {
    event.preventDefault();
    const checked = participantValues.safeParse({ full_name: name, email });
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) found[issue.path[0] as 'full_name' | 'email'] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setSaveError(null);
    void post({ intent: 'rename', id: participant.participant_id, values: { full_name: name, email } });
  }

  return (
    <dialog {...dialogProps} className="confirm-dialog" aria-labelledby="participant-dialog-title">
      <h2 id="participant-dialog-title">Change the participant {participant.full_name}</h2>
      <form className="admin-form" noValidate onSubmit={save}>
        <FormField label="Full name" required error={errors.full_name}>
          {(control) => (
            <input
              {...control}
              ref={nameRef}
              className="field__input"
              value={name}
              aria-required="true"
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="E-mail" optional error={errors.email}>
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="email"
              value={email}
              autoComplete="off"
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        <FormError message={saveError} />
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving…' : 'Save participant'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
