/** POST /logout?scope=global|local|others: ends sessions (their refresh tokens go with them). 204. */
import { requireUser } from './authenticate.ts';
import { badRequest } from './errors.ts';
import type { AuthContext } from './options.ts';
import { deleteSession, deleteUserSessions } from './session-store.ts';

export async function logout(ctx: AuthContext, request: Request): Promise<Response> {
  const { user, session } = await requireUser(ctx, request);
  const scope = new URL(request.url).searchParams.get('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  if (session && scope === 'local') await deleteSession(ctx.pool, session.id);
  else if (session && scope === 'others') await deleteUserSessions(ctx.pool, user.id, session.id);
  else await deleteUserSessions(ctx.pool, user.id);
  return new Response(null, { status: 204 });
}
