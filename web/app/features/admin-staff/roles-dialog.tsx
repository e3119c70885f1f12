/**
 * Change a staff member's roles: a modal with one checkbox per role, the current ones ticked;
 * "Save roles" is the confirmation. At least one role (said in words before anything is sent).
 */
import { useId, useState, type FormEvent } from 'react';
import { useModalDialog } from '../../components/ui/use-modal-dialog';
import { knownRoles, staffRoles, type StaffRole } from '../../lib/staff-roles';
import { roleLabels } from './role-labels';
import '../../components/ui/form-fields.css';
import '../../components/admin/admin.css';

export interface RolesDialogProps {
  email: string;
  roles: readonly string[];
  busy: boolean;
  onSave: (roles: StaffRole[]) => void;
  onCancel: () => void;
}

export function RolesDialog({ email, roles, busy, onSave, onCancel }: RolesDialogProps) {
  const id = useId();
  const [chosen, setChosen] = useState<StaffRole[]>(() => knownRoles(roles));
  const [error, setError] = useState<string | null>(null);
  const dialogProps = useModalDialog({ open: true, onDismiss: onCancel });

  function toggle(role: StaffRole, on: boolean) {
    setChosen((current) => staffRoles.filter((r) => (r === role ? on : current.includes(r))));
    setError(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen.length === 0) {
      setError('Choose at least one role.');
      return;
    }
    onSave(chosen);
  }

  return (
    <dialog {...dialogProps} className="confirm-dialog" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Roles of {email}</h2>
      <form onSubmit={submit} noValidate>
        <fieldset className="staff-roles" aria-describedby={error ? `${id}-error` : undefined}>
          <legend>Roles</legend>
          {staffRoles.map((role) => (
            <div className="choice" key={role}>
              <input
                id={`${id}-${role}`}
                type="checkbox"
                checked={chosen.includes(role)}
                onChange={(event) => toggle(role, event.currentTarget.checked)}
              />
              <label htmlFor={`${id}-${role}`}>{roleLabels[role]}</label>
            </div>
          ))}
        </fieldset>
        {error && (
          <p className="field__error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Working…' : 'Save roles'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
