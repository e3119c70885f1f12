/** POST /token?grant_type=password: GoTrue's ResourceOwnerPasswordGrant plus failed sign-in back-off. */
import { z } from 'zod';
import { transaction } from './db.ts';
import { AuthError, badRequest, rateLimited } from './errors.ts';
import { clientIp, json, readJson } from './http.ts';
import type { AuthContext } from './options.ts';
import { passwordProblem, verifyPassword } from './passwords.ts';
import { createSession } from './session-store.ts';
import { sessionReply } from './session-reply.ts';
import { findUserByEmail, findUserByPhone, findUserById, type UserRow } from './user-store.ts';
import { formatPhone } from './validate.ts';

const params = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
});

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

export async function passwordGrant(ctx: AuthContext, request: Request): Promise<Response> {
  const body = await readJson(request, params);
  const email = body.email ?? '';
  const phone = body.phone ?? '';
  const password = body.password ?? '';
  if (email !== '' && phone !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  if (email === '' && phone === '') throw badRequest('validation_failed', 'missing email or phone');

  // Checked before the password is, so a client that must wait learns nothing more meanwhile.
  const throttle = ctx.signinThrottle;
  const account = email !== '' ? `email:${email.toLowerCase()}` : `phone:${formatPhone(phone)}`;
  const ip = clientIp(request);
  const wait = await throttle.wait(ctx.pool, account, ip);
  if (wait > 0) throw rateLimited(wait);
  const fail = async (error: AuthError): Promise<never> => {
    await throttle.failed(ctx.pool, account, ip);
    throw error;
  };

  const user =
    email !== '' ? await findUserByEmail(ctx.pool, email) : await findUserByPhone(ctx.pool, formatPhone(phone));
  if (user?.banned_until && user.banned_until > new Date()) throw badRequest('user_banned', 'User is banned');
  if (!(await verifyPassword(password, user?.encrypted_password || null)) || !user) return fail(invalidCredentials());
  if (email !== '' && !user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
  if (phone !== '' && !user.phone_confirmed_at) throw badRequest('phone_not_confirmed', 'Phone not confirmed');

  await throttle.succeeded(ctx.pool, account, ip);
  const reply = await signIn(ctx, user, { ip, userAgent: request.headers.get('user-agent') });
  // GoTrue signs the user in but flags a password that no longer meets the rules.
  const weak = passwordProblem(password, ctx.passwordRules);
  if (weak?.weakPasswordReasons) reply.weak_password = { message: weak.message, reasons: weak.weakPasswordReasons };
  return json(200, reply);
}

/**
 * Opens a session for a verified user and answers with its tokens. `method` is the first factor
 * the session's amr names: a password unless an e-mailed code ('otp') signed the user in.
 */
export async function signIn(
  ctx: AuthContext,
  user: UserRow,
  client: { ip: string | null; userAgent: string | null },
  method: 'password' | 'otp' = 'password',
): Promise<Record<string, unknown>> {
  return transaction(ctx.pool, async (db) => {
    const { session, refreshToken } = await createSession(db, user.id, client);
    if (method !== 'password') {
      await db.query(
        `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
         values (gen_random_uuid(), $1, now(), now(), $2)`,
        [session.id, method],
      );
    }
    await db.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
    const fresh = await findUserById(db, user.id);
    if (!fresh) throw new Error(`user ${user.id} vanished while signing in`);
    return sessionReply(ctx, db, fresh, session, refreshToken);
  });
}
