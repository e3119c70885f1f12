/** The reply to every successful sign-in or refresh: a fresh access token, the refresh token, the user. */
import type { Db } from './db.ts';
import { signAccessToken } from './jwt.ts';
import { audience, type AuthContext } from './options.ts';
import type { SessionRow } from './session-store.ts';
import { listFactors, sessionClaims } from './mfa-store.ts';
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
  // A session starts with a password unless its first claim says otherwise (an e-mailed code:
  // 'otp'); a verified factor adds its method and makes it aal2 (mfa_amr_claims). Most recent
  // first, as GoTrue orders amr. (The factor's claim is listed first so that it stays first within
  // the same second.)
  const claims = await sessionClaims(db, session.id);
  const firstFactor = claims.some((claim) => claim.method !== 'totp')
    ? []
    : [{ method: 'password', timestamp: Math.floor(session.created_at.getTime() / 1000) }];
  const amr = [...claims, ...firstFactor].sort((a, b) => b.timestamp - a.timestamp);
  const aal = amr.some((entry) => entry.method === 'totp') ? 'aal2' : 'aal1';
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
    aal,
    amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ctx.options.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user, await findIdentities(db, user.id), await listFactors(db, user.id)),
  };
}
