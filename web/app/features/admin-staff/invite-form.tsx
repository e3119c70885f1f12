/**
 * "Invite a staff member": an e-mail address and at least one role. The invitation mail lets the
 * person set a password; at their first sign-in they set up their second factor. Checked here in
 * words before anything is sent; the database and the auth server decide the rest.
 */
import { useId, useState, type FormEvent } from 'react';
import { useActionResult, usePostToRoute } from '../../components/admin/action-result';
import { FormError } from '../../components/admin/form-fields';
import { FormField } from '../../components/ui/form-field';
import { staffRoles, type StaffRole } from '../../lib/staff-roles';
import { inviteStaffInput } from './api/invite-staff';
import { roleLabels } from './role-labels';
import '../../components/ui/form-fields.css';

export function InviteForm() {
  const id = useId();
  const { post, busy } = usePostToRoute();
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [error, setError] = useState<string | null>(null);

  useActionResult('invite', (result) => {
    if (result.ok) {
      setEmail('');
      setRoles([]);
      setError(null);
    } else setError(result.error);
  });

  function toggle(role: StaffRole, on: boolean) {
    setRoles((current) => staffRoles.filter((r) => (r === role ? on : current.includes(r))));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = inviteStaffInput.safeParse({ email: email.trim(), roles });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Check the address and the roles.');
      return;
    }
    setError(null);
    void post({ intent: 'invite', email: checked.data.email, roles: checked.data.roles });
  }

  return (
    <form className="staff-invite" aria-labelledby={`${id}-title`} noValidate onSubmit={submit}>
      <h2 id={`${id}-title`}>Invite a staff member</h2>
      <p>
        The person gets an e-mail with a link to set their password (it works once, for an hour). At their first sign-in
        they set up the second step.
      </p>
      <FormField label="E-mail" error={undefined}>
        {({ id: fieldId }) => (
          <input
            id={fieldId}
            className="field__input"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        )}
      </FormField>
      <fieldset className="staff-roles">
        <legend>Roles</legend>
        {staffRoles.map((role) => (
          <div className="choice" key={role}>
            <input
              id={`${id}-${role}`}
              type="checkbox"
              checked={roles.includes(role)}
              onChange={(event) => toggle(role, event.currentTarget.checked)}
            />
            <label htmlFor={`${id}-${role}`}>{roleLabels[role]}</label>
          </div>
        ))}
      </fieldset>
      <FormError message={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sending…' : 'Send invitation'}
      </button>
    </form>
  );
}
