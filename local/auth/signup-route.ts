/**
 * POST /signup: GoTrue's Signup. With autoconfirm (`mailerAutoconfirm`, the default) a new user
 * gets a session at once; with confirmations on (`[auth.email] enable_confirmations`) the user is
 * created unconfirmed and mailed a code and a link (otp-route.ts), and the reply is the user
 * without a session, the same for an address that already has an account (GoTrue does not tell).
 * Closed with 422 signup_disabled unless enableSignup is set.
 */
import { z } from 'zod';
import { transaction, uniqueViolation } from './db.ts';
import { badRequest, unprocessable } from './errors.ts';
import { clientIp, json, readJson } from './http.ts';
import { audience, type AuthContext } from './options.ts';
import { assertStrongPassword, hashPassword } from './passwords.ts';
import { createSession } from './session-store.ts';
import { sessionReply } from './session-reply.ts';
import {
  findIdentities,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  identityData,
  insertIdentity,
  insertUser,
  type UserRow,
} from './user-store.ts';
import { validateEmail, validatePhone } from './validate.ts';
import { randomUUID } from 'node:crypto';
import { mailSignInCode, signUpUnconfirmed } from './otp-route.ts';
import { userJson } from './user-json.ts';

const params = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

export async function signup(ctx: AuthContext, request: Request): Promise<Response> {
  if (!ctx.options.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const body = await readJson(request, params);
  const password = body.password ?? '';
  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
  assertStrongPassword(password, ctx.passwordRules);
  if (body.email && body.phone) {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.');
  }
  if (!body.email && !body.phone) {
    throw badRequest('validation_failed', 'Sign up only available with email or phone provider');
  }
  const provider = body.email ? 'email' : 'phone';
  const email = body.email ? validateEmail(body.email) : null;
  const phone = body.phone ? validatePhone(body.phone) : null;
  const existing = email ? await findUserByEmail(ctx.pool, email) : await findUserByPhone(ctx.pool, phone ?? '');
  // GoTrue with autoconfirm refuses a taken address; it never re-signs an existing account in.
  if (existing && ctx.options.mailerAutoconfirm !== false) {
    throw unprocessable('user_already_exists', 'User already registered');
  }

  const data = body.data ?? {};
  const passwordHash = await hashPassword(password);
  if (email && ctx.options.mailerAutoconfirm === false) {
    return json(200, await signUpWithConfirmation(ctx, request, email, data, passwordHash, existing));
  }
  const client = { ip: clientIp(request), userAgent: request.headers.get('user-agent') };
  const reply = await transaction(ctx.pool, async (db) => {
    const id = await insertUser(db, {
      aud: audience,
      role: audience,
      email,
      phone,
      passwordHash,
      appMetadata: { provider, providers: [provider] },
      // Confirming an e-mail marks it verified in the metadata, as GoTrue's Confirm does.
      userMetadata: email ? { ...data, email_verified: true } : data,
      emailConfirmed: email !== null,
      phoneConfirmed: phone !== null,
    });
    const contact = email ? { email } : { phone: phone ?? '' };
    await insertIdentity(db, id, provider, { ...data, ...identityData(id, contact) });
    const { session, refreshToken } = await createSession(db, id, client);
    await db.query('update auth.users set last_sign_in_at = now() where id = $1', [id]);
    const user = await findUserById(db, id);
    if (!user) throw new Error(`user ${id} vanished during sign-up`);
    return sessionReply(ctx, db, user, session, refreshToken);
  }).catch((error: unknown) => {
    // The check above and the insert are not atomic; a concurrent sign-up may win the race.
    if (uniqueViolation(error) !== null) throw unprocessable('user_already_exists', 'User already registered');
    throw error;
  });
  return json(200, reply);
}

/**
 * Sign-up with confirmations on: an unconfirmed user (or an unconfirmed one's password replaced)
 * mailed a code; for a confirmed address, a stand-in user and no mail, as GoTrue answers so that
 * the reply does not tell whether the address has an account.
 */
async function signUpWithConfirmation(
  ctx: AuthContext,
  request: Request,
  email: string,
  data: Record<string, unknown>,
  passwordHash: string,
  existing: UserRow | null,
): Promise<Record<string, unknown>> {
  if (existing?.email_confirmed_at) {
    const now = new Date().toISOString();
    return {
      id: randomUUID(),
      aud: audience,
      role: audience,
      email,
      phone: '',
      confirmation_sent_at: now,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: data,
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: false,
    };
  }
  const id = await mailSignInCode(ctx, request, email, true, (db) =>
    signUpUnconfirmed(db, existing, email, data, passwordHash),
  );
  const user = await findUserById(ctx.pool, id);
  if (!user) throw new Error(`user ${id} vanished during sign-up`);
  return userJson(user, await findIdentities(ctx.pool, id));
}
