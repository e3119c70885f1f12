/** /admin/staff (admin only; the database refuses anyone else): the staff list and its changes (features/admin-staff). */
import { adminMeta } from '../../shell/admin/admin-meta';
import { screenRoles, type AdminRouteHandle } from '../../shell/admin/admin-access';
import { AdminRouteError } from '../../components/admin/route-error';
import { listStaff } from '../../features/admin-staff/api/list-staff';
import { staffAction } from '../../features/admin-staff/staff-action';
import { StaffList } from '../../features/admin-staff/staff-list';
import type { Route } from './+types/staff';

export const meta = () => adminMeta('Staff');

/** Opened by the roles that may change the staff list; anyone else sees why (the admin layout's guard). */
export const handle: AdminRouteHandle = { roles: screenRoles.staff };

export async function clientLoader() {
  return listStaff();
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return staffAction(request);
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Staff" />;
}

export default function AdminStaffRoute({ loaderData }: Route.ComponentProps) {
  return <StaffList members={loaderData} />;
}
