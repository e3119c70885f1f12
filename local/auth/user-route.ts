/**
 * GET and PUT /user: the signed-in user. A new e-mail address applies only once confirmed through
 * the mailed links (email-change.ts), as hosted GoTrue does by default; a phone change applies at
 * once, as GoTrue does with SMS autoconfirm (the local stack sends no SMS).
 */
import { z } from 'zod';
import { transaction } from './db.ts';
import { badRequest, forbidden, unprocessable } from './errors.ts';
import { requireUser } from './authenticate.ts';
import { requestEmailChange } from './email-change.ts';
import { json, readJson } from './http.ts';
import { allowedRedirect } from './redirect-url.ts';
import { adminRoles, audience, type AuthContext } from './options.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords.ts';
import { deleteUserSessions } from './session-store.ts';
import { listFactors } from './mfa-store.ts';
import { userJson } from './user-json.ts';
import {
  findIdentities,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  mergeMetadata,
  updateUser,
  upsertIdentityData,
  type UserChanges,
} from './user-store.ts';
import { validateEmail, validatePhone } from './validate.ts';

const metadata = z.record(z.string(), z.unknown());

const params = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: metadata.nullish(),
  app_metadata: metadata.nullish(),
});

export async function getUser(ctx: AuthContext, request: Request): Promise<Response> {
  const { claims, user } = await requireUser(ctx, request);
  const tokenAudience = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (tokenAudience !== audience) {
    throw badRequest('validation_failed', "Token audience doesn't match request audience");
  }
  return json(200, userJson(user, await findIdentities(ctx.pool, user.id), await listFactors(ctx.pool, user.id)));
}

export async function updateUserRoute(ctx: AuthContext, request: Request): Promise<Response> {
  const { user, session } = await requireUser(ctx, request);
  const body = await readJson(request, params);
  const email = body.email ? validateEmail(body.email) : null;
  const phone = body.phone ? validatePhone(body.phone) : null;
  const password = body.password ?? null;
  if (password !== null) assertStrongPassword(password, ctx.passwordRules);
  if (body.app_metadata && !adminRoles.includes(user.role ?? '')) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }

  const emailChanges = email !== null && email !== user.email;
  if (emailChanges && (await findUserByEmail(ctx.pool, email))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  const phoneChanges = phone !== null && phone !== user.phone;
  if (phoneChanges && (await findUserByPhone(ctx.pool, phone))) {
    throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
  }
  if (password && user.encrypted_password && (await verifyPassword(password, user.encrypted_password))) {
    throw unprocessable('same_password', 'New password should be different from the old password.');
  }
  // Hashing is slow: done before the transaction, as GoTrue does.
  const passwordHash = password === null ? undefined : password === '' ? null : await hashPassword(password);

  const changes: UserChanges = { encrypted_password: passwordHash };
  if (body.data) changes.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, body.data);
  if (body.app_metadata) changes.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, body.app_metadata);
  if (phoneChanges) Object.assign(changes, { phone, phone_confirmed_at: 'now' });

  // First, as GoTrue sends inside its transaction: a refused or failed mail changes nothing else.
  if (emailChanges) {
    const { options } = ctx;
    const redirectTo = allowedRedirect(
      new URL(request.url).searchParams.get('redirect_to'),
      options.siteUrl,
      options.additionalRedirectUrls,
    );
    await requestEmailChange(ctx, user, email, redirectTo);
  }

  const updated = await transaction(ctx.pool, async (db) => {
    await updateUser(db, user.id, changes);
    // A new password ends every other session, as GoTrue's UpdatePassword does.
    if (passwordHash !== undefined) await deleteUserSessions(db, user.id, session?.id ?? null);
    if (phoneChanges) await upsertIdentityData(db, user.id, 'phone', { phone, phone_verified: true });
    return findUserById(db, user.id);
  });
  if (!updated) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  return json(200, userJson(updated, await findIdentities(ctx.pool, user.id)));
}
