/**
 * POST /otp with an e-mail address: GoTrue's passwordless sign-in (supabase-js `signInWithOtp`).
 * Mails a 6-digit code and a link: to an account with a confirmed address GoTrue's "Magic Link"
 * (its recovery_token), to a new address GoTrue's sign-up confirmation (its confirmation_token),
 * creating the account first unless `create_user` is false (422 otp_disabled) or sign-ups are
 * closed (422 signup_disabled). One mail per address per `emailMaxFrequencySeconds` (429
 * over_email_send_rate_limit). Answers `{}`. The code is verified by POST /verify type 'email'.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { transaction, uniqueViolation, type Db } from './db.ts';
import { AuthError, badRequest, unprocessable } from './errors.ts';
import { json, readJson } from './http.ts';
import { otpMail } from './mailer.ts';
import { forgetCodes, newCode, newLinkToken, saveCode } from './one-time-codes.ts';
import { audience, type AuthContext } from './options.ts';
import { hashPassword } from './passwords.ts';
import { allowedRedirect } from './redirect-url.ts';
import { findUserByEmail, identityData, insertIdentity, insertUser, type UserRow } from './user-store.ts';
import { validateEmail } from './validate.ts';

const params = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  // supabase-js sends `shouldCreateUser` as create_user, true unless the caller says otherwise.
  create_user: z.boolean().nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
  gotrue_meta_security: z.unknown().nullish(),
  channel: z.string().nullish(),
});

/** A password nobody knows: an OTP account signs in with codes only. */
const unusablePassword = () => hashPassword(randomBytes(48).toString('base64url'));

/**
 * GoTrue's Signup while confirmations are on (the OTP route runs it too): a new unconfirmed user,
 * or an unconfirmed one's password replaced, so a password someone set for an address they never
 * confirmed does not survive its owner's confirmation. Without a password: one nobody knows.
 */
export async function signUpUnconfirmed(
  db: Db,
  existing: UserRow | null,
  email: string,
  data: Record<string, unknown>,
  passwordHash?: string,
) {
  const hash = passwordHash ?? (await unusablePassword());
  if (existing) {
    await db.query('update auth.users set encrypted_password = $2 where id = $1', [existing.id, hash]);
    return existing.id;
  }
  const id = await insertUser(db, {
    aud: audience,
    role: audience,
    email,
    phone: null,
    passwordHash: hash,
    appMetadata: { provider: 'email', providers: ['email'] },
    userMetadata: data,
    emailConfirmed: false,
    phoneConfirmed: false,
  });
  await insertIdentity(db, id, 'email', { ...data, ...identityData(id, { email }) });
  return id;
}

const tooSoon = (wait: number) =>
  new AuthError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${Math.max(wait, 1)} seconds.`,
  );

export async function otp(ctx: AuthContext, request: Request): Promise<Response> {
  const body = await readJson(request, params);
  if (body.email && body.phone) {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
  }
  if (body.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  if (!body.email) throw badRequest('validation_failed', 'An email address or phone number is required');
  if (body.code_challenge) {
    throw badRequest('validation_failed', 'PKCE flow is not supported by the local auth server; use the implicit flow');
  }
  const email = validateEmail(body.email);
  const found = await findUserByEmail(ctx.pool, email);
  const existing = found && !found.deleted_at ? found : null;
  const newAccount = !existing?.email_confirmed_at;
  if (newAccount && !existing && body.create_user === false) {
    throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  }
  if (newAccount && !ctx.options.enableSignup) {
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  }
  await mailSignInCode(ctx, request, email, newAccount, async (db) =>
    newAccount ? signUpUnconfirmed(db, existing, email, body.data ?? {}) : existing!.id,
  );
  return json(200, {});
}

/**
 * Mails a code and a link for `email`: "Confirm your email" for a new account (GoTrue's
 * confirmation token), else "Magic Link" (its recovery token). `account` runs in the same
 * transaction and gives the user's id. At most one per address per `emailMaxFrequencySeconds`.
 * Answers the user's id.
 */
export async function mailSignInCode(
  ctx: AuthContext,
  request: Request,
  email: string,
  newAccount: boolean,
  account: (db: Db) => Promise<string>,
): Promise<string> {
  const { options } = ctx;
  const [tokenColumn, sentColumn] = newAccount
    ? ['confirmation_token', 'confirmation_sent_at']
    : ['recovery_token', 'recovery_sent_at'];
  const kind = newAccount ? 'signup' : 'magiclink';
  const code = newCode();
  const token = newLinkToken();
  const { userId, wait } = await transaction(ctx.pool, async (db) => {
    const id = await account(db);
    // Claimed in one statement, so two requests at once cannot both send.
    const claimed = await db.query(
      `update auth.users set ${tokenColumn} = $2, ${sentColumn} = now()
       where id = $1 and (${sentColumn} is null or ${sentColumn} <= now() - make_interval(secs => $3))`,
      [id, token, options.emailMaxFrequencySeconds],
    );
    if (claimed.rowCount === 0) {
      const { rows } = await db.query<{ wait: number }>(
        `select ceil(extract(epoch from ${sentColumn} + make_interval(secs => $2) - now()))::int as wait
         from auth.users where id = $1`,
        [id, options.emailMaxFrequencySeconds],
      );
      return { userId: id, wait: rows[0]?.wait ?? 1 };
    }
    await forgetCodes(db, id, kind);
    // The recovery token is shared with password recovery: its code goes with it.
    if (kind === 'magiclink') await forgetCodes(db, id, 'recovery');
    await saveCode(db, { token, userId: id, kind, address: email, code });
    return { userId: id, wait: 0 };
  }).catch((error: unknown) => {
    // Two first requests for one new address at once: the other created the account.
    if (uniqueViolation(error) !== null) throw tooSoon(options.emailMaxFrequencySeconds);
    throw error;
  });
  if (wait > 0) throw tooSoon(wait);

  const redirectTo = allowedRedirect(
    new URL(request.url).searchParams.get('redirect_to'),
    options.siteUrl,
    options.additionalRedirectUrls,
  );
  const link = new URL(`${options.issuer}/verify`);
  link.searchParams.set('token', token);
  link.searchParams.set('type', kind);
  link.searchParams.set('redirect_to', redirectTo);
  try {
    const data = {
      SiteURL: options.siteUrl,
      ConfirmationURL: link.toString(),
      Email: email,
      Token: code,
      TokenHash: token,
      RedirectTo: redirectTo,
    };
    await ctx.sendMail(otpMail(data, newAccount));
  } catch (error) {
    console.error('[auth] sending the one-time code failed:', error);
    await transaction(ctx.pool, async (db) => {
      await db.query(`update auth.users set ${tokenColumn} = null, ${sentColumn} = null where id = $1`, [userId]);
      await forgetCodes(db, userId, kind);
    });
    throw new AuthError(500, 'unexpected_failure', 'Error sending magic link email');
  }
  return userId;
}
