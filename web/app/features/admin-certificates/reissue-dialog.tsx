/** Re-issue a certificate with a corrected name and why: the code stays, the history keeps the change. */
import { useRef, useState } from 'react';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { FormError } from '../../components/admin/form-fields';
import { FormField } from '../../components/ui/form-field';
import { useModalDialog } from '../../components/ui/use-modal-dialog';
import type { IntakeCertificate } from './api/list-intake-certificates';
import { reissueValues } from './api/reissue-certificate';

export function ReissueDialog({ certificate, onClose }: { certificate: IntakeCertificate; onClose: () => void }) {
  const firstRef = useRef<HTMLInputElement>(null);
  const dialogProps = useModalDialog({ open: true, onDismiss: onClose, initialFocus: firstRef });
  const { post, busy } = usePostToRoute();
  const [holderName, setHolderName] = useState(certificate.holder_name);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ holderName?: string; reason?: string }>({});
  const [saveError, setSaveError] = useState<string | null>(null);

  useActionResult('reissue', (result) => (result.ok ? onClose() : setSaveError(result.error)));

  function save(event: React.FormEvent) {
    event.preventDefault();
    const checked = reissueValues.safeParse({ holderName, reason });
    if (!checked.success) {
      const issues = checked.error.issues;
      setErrors({
        holderName: issues.find((issue) => issue.path[0] === 'holderName')?.message,
        reason: issues.find((issue) => issue.path[0] === 'reason')?.message,
      });
      return;
    }
    setErrors({});
    setSaveError(null);
    void post({ intent: 'reissue', certificateId: certificate.id, values: checked.data });
  }

  return (
    <dialog {...dialogProps} className="confirm-dialog" aria-labelledby="reissue-dialog-title">
      <h2 id="reissue-dialog-title">Re-issue the certificate of {certificate.holder_name}</h2>
      <p>The code stays the same; the new name is printed and the change kept in the certificate’s history.</p>
      <form className="admin-form" noValidate onSubmit={save}>
        <FormField label="Name as printed" required error={errors.holderName}>
          {(control) => (
            <input
              {...control}
              ref={firstRef}
              className="field__input"
              value={holderName}
              aria-required="true"
              autoComplete="off"
              onChange={(event) => setHolderName(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Reason" required error={errors.reason} hint="e.g. “name misspelt at checkout”.">
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
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving…' : 'Re-issue'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
