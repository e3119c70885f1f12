/**
 * /factors: TOTP second factors as GoTrue serves them (internal/api/mfa.go): enroll, challenge,
 * verify (a new session token at aal2) and unenroll, with its limits, codes and messages.
 * Phone and WebAuthn factors are off, as on a hosted project that has not turned them on.
 */
import { z } from 'zod';
import { requireUser, type Caller } from './authenticate.ts';
import { transaction } from './db.ts';
import { AuthError, badRequest, forbidden, notFound, rateLimited, unprocessable } from './errors.ts';
import { clientIp, json, readJson, readOptionalJson } from './http.ts';
import {
  deleteChallenge,
  deleteExpiredFactors,
  deleteFactor,
  findChallenge,
  findOwnedFactor,
  insertChallenge,
  insertTotpFactor,
  listFactors,
  recordVerification,
  sessionAal,
  swapRefreshToken,
  type FactorRow,
} from './mfa-store.ts';
import type { AuthContext } from './options.ts';
import { insertRefreshToken, newRefreshToken } from './session-store.ts';
import { sessionReply } from './session-reply.ts';
import { generateTotpKey, totpCodeValid } from './totp.ts';
import { isUuid } from './validate.ts';

/** GoTrue's MFA defaults (MaxEnrolledFactors, MaxVerifiedFactors, challenge and factor expiry). */
export const mfaLimits = {
  maxEnrolledFactors: 10,
  maxVerifiedFactors: 10,
  challengeExpirySeconds: 300,
  factorExpirySeconds: 300,
  /** MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: 15 a minute per address, in bursts of up to 30. */
  challengeAndVerifyPerMinute: 15,
  challengeAndVerifyBurst: 30,
};

const enrollParams = z.object({
  factor_type: z.string().nullish(),
  friendly_name: z.string().nullish(),
  issuer: z.string().nullish(),
  phone: z.string().nullish(),
});
const verifyParams = z.object({ challenge_id: z.string().nullish(), code: z.string().nullish() });
const challengeParams = z.object({ channel: z.string().nullish() });

/** /factors needs a session and a user who is not anonymous (requireNotAnonymous). */
async function requireSessionUser(
  ctx: AuthContext,
  request: Request,
  what: string,
): Promise<Caller & { session: NonNullable<Caller['session']> }> {
  const caller = await requireUser(ctx, request);
  if (caller.user.is_anonymous)
    throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  if (!caller.session) throw new AuthError(500, 'unexpected_failure', `A valid session and ${what}`);
  return { ...caller, session: caller.session };
}

/** loadFactor: the caller's own factor or 404. */
async function loadFactor(ctx: AuthContext, userId: string, factorId: string): Promise<FactorRow> {
  if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const factor = await findOwnedFactor(ctx.pool, userId, factorId);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

function limitChallengeAndVerify(ctx: AuthContext, request: Request): void {
  const wait = ctx.factorLimiter.take(clientIp(request) ?? 'unknown');
  if (wait > 0) throw rateLimited(wait);
}

function unsupportedType(type: string | null | undefined, action: 'enroll' | 'verification'): never {
  if (type === 'phone')
    throw unprocessable(
      `mfa_phone_${action === 'enroll' ? 'enroll' : 'verify'}_not_enabled`,
      `MFA ${action} is disabled for Phone`,
    );
  if (type === 'webauthn')
    throw unprocessable(
      `mfa_webauthn_${action === 'enroll' ? 'enroll' : 'verify'}_not_enabled`,
      `MFA ${action} is disabled for WebAuthn`,
    );
  throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
}

export async function enrollFactor(ctx: AuthContext, request: Request): Promise<Response> {
  const { user, session } = await requireSessionUser(ctx, request, 'a registered user are required to enroll a factor');
  const body = await readJson(request, enrollParams);
  if (body.factor_type !== 'totp') unsupportedType(body.factor_type, 'enroll');
  const friendlyName = body.friendly_name ?? '';
  const issuer = body.issuer || new URL(ctx.options.siteUrl).host;
  const now = new Date(ctx.now());

  await deleteExpiredFactors(ctx.pool, mfaLimits.factorExpirySeconds, now);
  const factors = await listFactors(ctx.pool, user.id);
  if (factors.some((factor) => (factor.friendly_name ?? '') === friendlyName)) {
    throw unprocessable(
      'mfa_factor_name_conflict',
      `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
    );
  }
  const verified = factors.filter((factor) => factor.status === 'verified').length;
  if (factors.length >= mfaLimits.maxEnrolledFactors || verified >= mfaLimits.maxVerifiedFactors) {
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (verified > 0 && (await sessionAal(ctx.pool, session.id)) !== 'aal2')
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');

  const key = await generateTotpKey(issuer, user.email ?? '');
  const factor = await insertTotpFactor(ctx.pool, { userId: user.id, friendlyName, secret: key.secret, now });
  return json(200, {
    id: factor.id,
    type: 'totp',
    friendly_name: factor.friendly_name ?? '',
    totp: { qr_code: key.qrSvg, secret: key.secret, uri: key.uri },
  });
}

export async function challengeFactor(ctx: AuthContext, request: Request, factorId: string): Promise<Response> {
  const { user } = await requireSessionUser(ctx, request, 'factor are required to challenge a factor');
  const factor = await loadFactor(ctx, user.id, factorId);
  limitChallengeAndVerify(ctx, request);
  await readOptionalJson(request, challengeParams);
  if (factor.factor_type !== 'totp') unsupportedType(factor.factor_type, 'verification');
  const challenge = await insertChallenge(ctx.pool, factor.id, clientIp(request) ?? '0.0.0.0', new Date(ctx.now()));
  return json(200, {
    id: challenge.id,
    type: factor.factor_type,
    expires_at: Math.floor(challenge.created_at.getTime() / 1000) + mfaLimits.challengeExpirySeconds,
  });
}

export async function verifyFactor(ctx: AuthContext, request: Request, factorId: string): Promise<Response> {
  const { user, session } = await requireSessionUser(ctx, request, 'factor are required to verify a factor');
  const factor = await loadFactor(ctx, user.id, factorId);
  limitChallengeAndVerify(ctx, request);
  const body = await readJson(request, verifyParams);
  const code = body.code ?? '';
  if (code === '') throw badRequest('validation_failed', 'Code needs to be non-empty');
  if (factor.factor_type !== 'totp') unsupportedType(factor.factor_type, 'verification');

  const challengeId = body.challenge_id ?? '';
  const challenge = isUuid(challengeId) ? await findChallenge(ctx.pool, factor.id, challengeId) : null;
  if (!challenge) throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (challenge.verified_at !== null || challenge.ip_address !== (clientIp(request) ?? '0.0.0.0')) {
    throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  }
  const now = new Date(ctx.now());
  if (challenge.created_at.getTime() + mfaLimits.challengeExpirySeconds * 1000 < now.getTime()) {
    await deleteChallenge(ctx.pool, challenge.id);
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  if (!totpCodeValid(factor.secret ?? '', code, now.getTime())) {
    throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
  }

  const reply = await transaction(ctx.pool, async (db) => {
    // The session may have ended since the request began (signed out, or another session of the
    // user passed its own verification and ended the aal1 ones): GoTrue's answer for a gone session.
    const locked = await db.query('select id from auth.sessions where id = $1 for update', [session.id]);
    if (locked.rowCount === 0) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    await recordVerification(db, { challengeId: challenge.id, factor, sessionId: session.id, now });
    // A new refresh token: the aal1 one cannot be swapped for aal2 tokens later.
    const { parent } = await swapRefreshToken(db, session.id);
    const refreshToken = newRefreshToken();
    await insertRefreshToken(db, { token: refreshToken, userId: user.id, sessionId: session.id, parent });
    return sessionReply(ctx, db, user, session, refreshToken);
  });
  return json(200, reply);
}

export async function unenrollFactor(ctx: AuthContext, request: Request, factorId: string): Promise<Response> {
  const { user, session } = await requireSessionUser(ctx, request, 'factor are required to unenroll a factor');
  const factor = await loadFactor(ctx, user.id, factorId);
  if (factor.status === 'verified' && (await sessionAal(ctx.pool, session.id)) !== 'aal2') {
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await transaction(ctx.pool, (db) => deleteFactor(db, factor));
  return json(200, { id: factor.id });
}
