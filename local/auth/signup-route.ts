/**
 * POST /signup: GoTrue's Signup with autoconfirm (no mail or SMS leaves the local stack), so a
 * new user gets a session at once. Closed with 422 signup_disabled unless enableSignup is set.
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
  findUserByEmail,
  findUserById,
  findUserByPhone,
  identityData,
  insertIdentity,
  insertUser,
} from './user-store.ts';
import { validateEmail, validatePhone } from './validate.ts';

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
  if (existing) throw unprocessable('user_already_exists', 'User already registered');

  const data = body.data ?? {};
  const passwordHash = await hashPassword(password);
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
