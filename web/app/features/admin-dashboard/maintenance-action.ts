/**
 * The dashboard's one write, for its route's clientAction: the maintenance switch, posted as JSON
 * by its confirmation. The toast says what visitors now see; the result carries a failure's
 * words. Afterwards the router reads the dashboard again (its clientLoader).
 */
import { z } from 'zod';
import { toastedAction, type ActionResult } from '../../components/admin/action-result';
import { setMaintenance } from './api/set-maintenance';

export const maintenanceIntent = z.object({ intent: z.literal('set-maintenance'), active: z.boolean() });
export type MaintenanceIntent = z.input<typeof maintenanceIntent>;

export function maintenanceAction(body: unknown): Promise<ActionResult> {
  const { intent, active } = maintenanceIntent.parse(body);
  return toastedAction(intent, async () => {
    await setMaintenance({ active });
    return active ? 'The public site is now in maintenance.' : 'The public site is open again.';
  });
}
