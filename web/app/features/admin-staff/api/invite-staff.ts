/**
 * Invites a person to the staff by e-mail with roles, through the staff-invite edge function (the
 * invitation needs the service role key, which stays on the server). A refusal comes back as the
 * function's words, thrown in the shape describeDbError passes on (a P0001 refusal).
 */
import { z } from 'zod';
import { staffSupabase } from '../../../lib/supabase/staff-client';
import { staffRoles } from '../../../lib/staff-roles';

export const inviteStaffInput = z.object({
  email: z.email('Enter the e-mail address of the person to invite.'),
  roles: z.array(z.enum(staffRoles)).min(1, 'Choose at least one role.'),
});

/** The function's `{ reason, message }` in a non-2xx answer, if it gave one. */
async function refusalIn(error: unknown): Promise<{ reason?: string; message: string } | null> {
  const context = typeof error === 'object' && error !== null && 'context' in error ? error.context : undefined;
  if (!(context instanceof Response)) return null;
  try {
    const body: unknown = await context.clone().json();
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return { message: body.message, reason: 'reason' in body ? String(body.reason) : undefined };
    }
  } catch {
    // Not JSON (a proxy's page): the caller words it.
  }
  return null;
}

export async function inviteStaff(input: z.input<typeof inviteStaffInput>): Promise<void> {
  const body = inviteStaffInput.parse(input);
  const supabase = await staffSupabase();
  const { error } = await supabase.functions.invoke('staff-invite', { body });
  if (!error) return;
  const refusal = await refusalIn(error);
  if (refusal) throw { code: 'P0001', message: refusal.message, hint: refusal.reason };
  throw error;
}
