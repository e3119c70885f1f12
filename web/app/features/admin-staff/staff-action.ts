/**
 * The /admin/staff screen's writes, for its route's clientAction: invite by e-mail, change roles,
 * deactivate or reactivate, reset the second factor. Each is confirmed on the page first and audited by the
 * database; the toast and the result carry the refusal's words (e.g. the last active admin).
 */
import { z } from 'zod';
import { toastedAction, type ActionResult } from '../../components/admin/action-result';
import { inviteStaff } from './api/invite-staff';
import { resetStaffFactor } from './api/reset-staff-factor';
import { setStaffActive } from './api/set-staff-active';
import { setStaffRoles } from './api/set-staff-roles';
import { staffRoles } from '../../lib/staff-roles';
import { rolesInWords } from './role-labels';

const person = { userId: z.uuid(), email: z.string() };

export const staffIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('set-roles'), ...person, roles: z.array(z.enum(staffRoles)) }),
  z.object({ intent: z.literal('set-active'), ...person, active: z.boolean() }),
  z.object({ intent: z.literal('reset-factor'), ...person }),
  z.object({ intent: z.literal('invite'), email: z.string(), roles: z.array(z.enum(staffRoles)) }),
]);
export type StaffIntent = z.input<typeof staffIntent>;

async function run(intent: z.output<typeof staffIntent>): Promise<string> {
  switch (intent.intent) {
    case 'set-roles':
      await setStaffRoles({ userId: intent.userId, roles: intent.roles });
      return `${intent.email} now has the roles ${rolesInWords(intent.roles)}.`;
    case 'set-active':
      await setStaffActive({ userId: intent.userId, active: intent.active });
      return intent.active ? `Reactivated ${intent.email}.` : `Deactivated ${intent.email}; their sessions have ended.`;
    case 'reset-factor':
      await resetStaffFactor({ userId: intent.userId });
      return `Reset the second factor of ${intent.email}; they set up a new one at their next sign-in.`;
    case 'invite':
      await inviteStaff({ email: intent.email, roles: intent.roles });
      return `Invitation sent to ${intent.email} (${rolesInWords(intent.roles)}).`;
  }
}

/** The route's whole clientAction. */
export async function staffAction(request: Request): Promise<ActionResult> {
  const intent = staffIntent.parse(await request.json());
  return toastedAction(intent.intent, () => run(intent), 'userId' in intent ? intent.userId : undefined);
}
