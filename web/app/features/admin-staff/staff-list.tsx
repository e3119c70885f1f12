/**
 * /admin/staff (admin only): every staff member with roles, whether active, whether a second
 * factor is set up and when they last signed in, with the buttons to change each. A refusal (the
 * last active admin) is shown in words above the table as well as in the toast.
 */
import { useState } from 'react';
import { useActionResult, type ActionResult } from '../../components/admin/action-result';
import { FormError } from '../../components/admin/form-fields';
import { formatDateTime } from '../../lib/staff-time';
import type { StaffMember } from './api/list-staff';
import { InviteForm } from './invite-form';
import { rolesInWords } from './role-labels';
import { StaffRowActions } from './staff-row-actions';
import '../../components/admin/admin.css';
import './admin-staff.css';

function statusOf(member: StaffMember): string {
  if (member.deactivated_at !== null) return `Deactivated ${formatDateTime(member.deactivated_at)}`;
  return member.invitation_pending ? 'Invited, not yet accepted' : 'Active';
}

export function StaffList({ members }: { members: StaffMember[] }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const show = (result: ActionResult) => setRefusal(result.ok ? null : result.error);
  useActionResult('set-roles', show);
  useActionResult('set-active', show);
  useActionResult('reset-factor', show);

  return (
    <section className="admin-staff">
      <h1>Staff</h1>
      <p>
        Each person may do what their roles allow (see the roles in the staff guide). Deactivating ends their sessions
        at once; resetting the second factor is for a lost phone.
      </p>
      <FormError message={refusal} />
      <div className="data-table">
        <div className="data-table__scroll">
          <table>
            <caption>Staff members</caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Roles</th>
                <th scope="col">Status</th>
                <th scope="col">Second factor</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.user_id}>
                  <th scope="row">{member.email}</th>
                  <td>{rolesInWords(member.roles)}</td>
                  <td>{statusOf(member)}</td>
                  <td>{member.factor_enrolled ? 'Set up' : 'Not set up'}</td>
                  <td>{member.last_sign_in_at ? formatDateTime(member.last_sign_in_at) : 'Never'}</td>
                  <td>
                    <StaffRowActions member={member} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <InviteForm />
    </section>
  );
}
