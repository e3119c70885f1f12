/** What a staff member sees on an admin screen their roles do not open (the database would refuse them too). */
import { Link } from 'react-router';
import { roleLabels } from '../../features/admin-staff/role-labels';
import type { StaffRole } from '../../lib/staff-roles';

/** "Admin", "Admin or Programmes", "Admin, Programmes or Marketing". */
function rolesInWords(allowed: readonly StaffRole[]): string {
  const names = ['Admin', ...allowed.map((role) => roleLabels[role])];
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}`;
}

export function NoAccess({ allowed }: { allowed: readonly StaffRole[] }) {
  return (
    <section className="admin-notice" aria-labelledby="no-access-title">
      <h1 id="no-access-title">{"You don't have access to this"}</h1>
      <p>
        This screen is for staff with the {rolesInWords(allowed)} role. If your work needs it, ask an admin to add the
        role to your account.
      </p>
      <p>
        <Link to="/admin">Back to the dashboard</Link>
      </p>
    </section>
  );
}
