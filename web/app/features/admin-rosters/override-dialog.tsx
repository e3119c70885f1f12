/**
 * Decide a participant's completion by hand, either way, with a reason (kept with the decision
 * and in the audit log); or hand it back to the rule.
 */
import { useRef, useState } from 'react';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { FormError } from '../../components/admin/form-fields';
import { FormField } from '../../components/ui/form-field';
import { useModalDialog } from '../../components/ui/use-modal-dialog';
import { overrideValues } from './api/completion';
import type { RosterRow } from './api/get-intake-roster';

export function OverrideDialog({ participant, onClose }: { participant: RosterRow; onClose: () => void }) {
  const firstRef = useRef<HTMLInputElement>(null);
  const dialogProps = useModalDialog({ open: true, onDismiss: onClose, initialFocus: firstRef });
  const { post, busy } = usePostToRoute();
  const current = participant.override_completed;
  const [completed, setCompleted] = useState<'yes' | 'no'>(
    current === null || current === undefined ? (participant.completed ? 'no' : 'yes') : current ? 'yes' : 'no',
  );
  const [reason, setReason] = useState(participant.override_reason ?? '');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [saveError, setSaveError] = useState<string | null>(null);
  const who = participant.full_name;

  useActionResult('override', (result) => (result.ok ? onClose() : setSaveError(result.error)));
  useActionResult('clear-override', (result) => (result.ok ? onClose() : setSaveError(result.error)));

  function save(event: React.FormEvent) {
    event.preventDefault();
    const checked = overrideValues.safeParse({ completed: completed === 'yes', reason });
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    setSaveError(null);
    void post({ intent: 'override', participantId: participant.participant_id, who, values: checked.data });
  }

  return (
    <dialog {...dialogProps} className="confirm-dialog" aria-labelledby="override-dialog-title">
      <h2 id="override-dialog-title">Completion of {who}</h2>
      <p>
        By the rule: {participant.rule_holds ? 'attendance is enough' : 'attendance is not enough'}; the order is{' '}
        {participant.order_status}.
      </p>
      <form className="admin-form" noValidate onSubmit={save}>
        <fieldset className="admin-roster__choices">
          <legend>Decision</legend>
          <label className="admin-roster__choice">
            <input
              ref={firstRef}
              type="radio"
              name="completed"
              value="yes"
              checked={completed === 'yes'}
              onChange={() => setCompleted('yes')}
            />{' '}
            Completed
          </label>
          <label className="admin-roster__choice">
            <input
              type="radio"
              name="completed"
              value="no"
              checked={completed === 'no'}
              onChange={() => setCompleted('no')}
            />{' '}
            Not completed
          </label>
        </fieldset>
        <FormField
          label="Reason"
          required
          error={reasonError}
          hint="Kept with the decision, e.g. “made up day 3 online”."
        >
          {(control) => (
            <textarea
              {...control}
              className="field__input"
              rows={3}
              value={reason}
              aria-required="true"
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </FormField>
        <FormError message={saveError} />
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          {current !== null && current !== undefined && (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => void post({ intent: 'clear-override', participantId: participant.participant_id, who })}
            >
              Follow the rule again
            </button>
          )}
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving…' : 'Save decision'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
