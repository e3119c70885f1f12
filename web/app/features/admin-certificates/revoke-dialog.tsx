/** Revoke a certificate with a reason: /verify then says it is revoked, and since when. */
import { useRef, useState } from 'react';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { FormError } from '../../components/admin/form-fields';
import { FormField } from '../../components/ui/form-field';
import { useModalDialog } from '../../components/ui/use-modal-dialog';
import type { IntakeCertificate } from './api/list-intake-certificates';
import { revokeReason } from './api/revoke-certificate';

export function RevokeDialog({ certificate, onClose }: { certificate: IntakeCertificate; onClose: () => void }) {
  const firstRef = useRef<HTMLTextAreaElement>(null);
  const dialogProps = useModalDialog({ open: true, onDismiss: onClose, initialFocus: firstRef });
  const { post, busy } = usePostToRoute();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [saveError, setSaveError] = useState<string | null>(null);
  const who = certificate.holder_name;

  useActionResult('revoke', (result) => (result.ok ? onClose() : setSaveError(result.error)));

  function save(event: React.FormEvent) {
    event.preventDefault();
    const checked = revokeReason.safeParse(reason);
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    setSaveError(null);
    void post({ intent: 'revoke', certificateId: certificate.id, who, reason: checked.data });
  }

  return (
    <dialog {...dialogProps} className="confirm-dialog" aria-labelledby="revoke-dialog-title">
      <h2 id="revoke-dialog-title">Revoke the certificate of {who}?</h2>
      <p>Anyone checking its code is then told it was revoked. This cannot be undone.</p>
      <form className="admin-form" noValidate onSubmit={save}>
        <FormField label="Reason" required error={reasonError} hint="Kept with the certificate, not shown publicly.">
          {(control) => (
            <textarea
              {...control}
              ref={firstRef}
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
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? 'Revoking…' : 'Revoke certificate'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
