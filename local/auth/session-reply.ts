/** The reply to every successful sign-in or refresh: a fresh access token, the refresh token, the user. */
import type { Db } from './db.ts';
import { signAccessToken } from './jwt.ts';
import { audience, type AuthContext } from './options.ts';
import type { SessionRow } from './session-store.ts';
import { userJson } from './user-json.ts';
import { findIdentities, type UserRow } from './user-store.ts';

export async function sessionReply(
  ctx: AuthContext,
  db: Db,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
): Promise<Record<string, unknown>> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.options.jwtExpiry;
  const accessToken = await signAccessToken(ctx.secret, {
    iss: ctx.options.issuer,
    sub: user.id,
    aud: user.aud ?? audience,
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? '',
    aal: 'aal1',
    // Every session here starts with a password; amr keeps the sign-in time across refreshes.
    amr: [{ method: 'password', timestamp: Math.floor(session.created_at.getTime() / 1000) }],
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ctx.options.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user, await findIdentities(db, user.id)),
  };
}
