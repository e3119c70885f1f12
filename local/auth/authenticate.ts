/** Who is calling: the signed-in user (and session) behind a bearer token, or an admin token. */
import type { JWTPayload } from 'jose';
import { badRequest, forbidden } from './errors.ts';
import { bearerToken } from './http.ts';
import { verifyAccessToken } from './jwt.ts';
import { adminRoles, type AuthContext } from './options.ts';
import { findSession, type SessionRow } from './session-store.ts';
import { findUserById, type UserRow } from './user-store.ts';
import { isUuid } from './validate.ts';

export interface Caller {
  claims: JWTPayload;
  user: UserRow;
  session: SessionRow | null;
}

const nilUuid = '00000000-0000-0000-0000-000000000000';

/** GoTrue's requireAuthentication + maybeLoadUserOrSession, with its codes and messages. */
export async function requireUser(ctx: AuthContext, request: Request): Promise<Caller> {
  const claims = await verifyAccessToken(ctx.secret, bearerToken(request));
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.pool, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');

  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (sessionId === '' || sessionId === nilUuid) return { claims, user, session: null };
  if (!isUuid(sessionId)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
  const session = await findSession(ctx.pool, sessionId);
  if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  return { claims, user, session };
}

/** GoTrue's requireAdminCredentials: any valid token whose role is an admin role. */
export async function requireAdmin(ctx: AuthContext, request: Request): Promise<JWTPayload> {
  const claims = await verifyAccessToken(ctx.secret, bearerToken(request));
  if (typeof claims.role !== 'string' || !adminRoles.includes(claims.role)) {
    throw forbidden('not_admin', 'User not allowed');
  }
  return claims;
}
