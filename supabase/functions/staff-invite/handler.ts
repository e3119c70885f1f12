/**
 * staff-invite: an admin invites a person to the staff by e-mail. `POST /functions/v1/staff-invite`
 * with `{ email, roles }` and the admin's own session (supabase-js `functions.invoke` from
 * /admin/staff). The database decides (check_staff_invite as the caller: an admin with aal2, known
 * roles, an address not on the staff list); the auth server sends the invitation
 * (`auth.admin.inviteUserByEmail`, which needs the service role key, so it is sent from here and
 * never from the browser); add_invited_staff then records the person, as the caller (audited).
 * Answers `{ userId, email }` or `{ field?, reason, message }`.
 */
import { createClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { Database } from '../../database.types.ts';
import { refusalOf, type DatabaseError } from '../../../domain/refusal.ts';
import { requireEnv } from '../_shared/env.ts';
import { json, preflight } from '../_shared/http.ts';
import { createAdminClient } from '../_shared/supabase-admin.ts';

const input = z.object({ email: z.string().trim().max(320), roles: z.array(z.string().max(40)).max(10) });

const refusal = (status: number, reason: string, message: string, field?: string) =>
  json({ ...(field ? { field } : {}), reason, message }, status);

/** The database's refusal in words (403 for a missing right, 422 for a broken rule), or null. */
function refused(error: DatabaseError): Response | null {
  if (error.code === '42501') return refusal(403, error.hint ?? 'not_allowed', error.message);
  const words = refusalOf(error);
  return words && refusal(422, words.reason ?? 'refused', words.message, words.field ?? undefined);
}

/** A client acting as the caller (their JWT): the database sees the admin, not the service role. */
function callerClient(authorization: string) {
  return createClient<Database>(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

async function handle(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return json({ message: 'Method not allowed.' }, 405, { Allow: 'POST, OPTIONS' });
  const authorization = req.headers.get('authorization') ?? '';
  let body: z.infer<typeof input>;
  try {
    body = input.parse(await req.json());
  } catch {
    return refusal(400, 'invalid_request', 'Send { email, roles } as JSON.');
  }
  const caller = callerClient(authorization);
  const check = await caller.rpc('check_staff_invite', { email: body.email, roles: body.roles });
  if (check.error) {
    const answer = refused(check.error);
    if (answer) return answer;
    throw new Error(`check_staff_invite failed: ${check.error.message} (${check.error.code})`);
  }

  const invited = await createAdminClient().auth.admin.inviteUserByEmail(body.email, {
    redirectTo: `${requireEnv('SITE_URL')}/login/reset`,
  });
  if (invited.error) {
    if (invited.error.code === 'email_exists') {
      return refusal(
        422,
        'account_exists',
        'This address already has an account (for example as a customer). Ask an admin to add it with npm run staff:add.',
        'email',
      );
    }
    if (invited.error.status === 429) {
      return refusal(429, 'over_email_send_rate_limit', 'Too many invitations were sent. Try again later.');
    }
    throw new Error(`inviteUserByEmail failed: ${invited.error.message} (${invited.error.code ?? ''})`);
  }
  const userId = invited.data.user.id;
  const added = await caller.rpc('add_invited_staff', { target: userId, roles: body.roles });
  if (added.error) {
    const answer = refused(added.error);
    if (answer) return answer;
    throw new Error(`add_invited_staff failed: ${added.error.message} (${added.error.code})`);
  }
  return json({ userId, email: invited.data.user.email });
}

export default async function handler(req: Request): Promise<Response> {
  try {
    return await handle(req);
  } catch (error) {
    console.error('[staff-invite] the invitation failed:', error);
    return refusal(500, 'unexpected', 'The invitation could not be sent right now. Please try again.');
  }
}
