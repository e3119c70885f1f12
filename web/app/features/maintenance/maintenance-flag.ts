/** The maintenance flag: which paths it spares, and how a stored value is read (malformed = off). */
import { z } from 'zod';

const exemptPrefixes = ['/admin', '/login', '/maintenance-preview'];

/** Staff must still reach the admin area and sign in while visitors see the maintenance page. */
export function isExemptFromMaintenance(pathname: string): boolean {
  return exemptPrefixes.some((prefix) => pathname.startsWith(prefix));
}

const maintenanceValue = z.object({ is_active: z.boolean() });

/** True only for a well-formed value whose is_active is true; anything else means the site is open. */
export function isMaintenanceActive(settingValue: unknown): boolean {
  const parsed = maintenanceValue.safeParse(settingValue);
  return parsed.success && parsed.data.is_active;
}
