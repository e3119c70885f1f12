/** GET, PUT and DELETE /admin/users/{id}: one user, as GoTrue's admin API handles it. */
import { z } from 'zod';
import { requireAdmin } from './authenticate.ts';
import { adminUserParams, bannedUntil } from './admin-params.ts';
import { transaction } from './db.ts';
import { notFound, unprocessable } from './errors.ts';
import { json, readJson, readOptionalJson } from './http.ts';
import type { AuthContext } from './options.ts';
import { assertStrongPassword, hashPassword } from './passwords.ts';
import { deleteUserSessions } from './session-store.ts';
import { userJson } from './user-json.ts';
import {
  deleteUser,
  findIdentities,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  mergeMetadata,
  updateUser,
  upsertIdentityData,
  type UserChanges,
  type UserRow,
} from './user-store.ts';
import { isUuid, validateEmail, validatePhone } from './validate.ts';

/** Admin check first, then GoTrue's loadUser with its 404s. */
async function loadTarget(ctx: AuthContext, request: Request, id: string): Promise<UserRow> {
  await requireAdmin(ctx, request);
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.pool, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

async function reply(ctx: AuthContext, user: UserRow): Promise<Response> {
  return json(200, userJson(user, await findIdentities(ctx.pool, user.id)));
}

export async function adminGetUser(ctx: AuthContext, request: Request, id: string): Promise<Response> {
  return reply(ctx, await loadTarget(ctx, request, id));
}

export async function adminUpdateUser(ctx: AuthContext, request: Request, id: string): Promise<Response> {
  const user = await loadTarget(ctx, request, id);
  const params = await readJson(request, adminUserParams);
  const email = params.email ? validateEmail(params.email) : null;
  const phone = params.phone ? validatePhone(params.phone) : null;
  const banned = bannedUntil(params.ban_duration);
  const password = params.password ?? null;
  if (password !== null) assertStrongPassword(password, ctx.passwordRules);
  const other = email ? await findUserByEmail(ctx.pool, email) : null;
  if (other && other.id !== user.id) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  const phoneOwner = phone ? await findUserByPhone(ctx.pool, phone) : null;
  if (phoneOwner && phoneOwner.id !== user.id) {
    throw unprocessable('phone_exists', 'Phone number already registered by another user');
  }

  const changes: UserChanges = {
    encrypted_password: password === null ? undefined : await hashPassword(password),
    role: params.role || undefined,
    email: email ?? undefined,
    phone: phone ?? undefined,
    banned_until: banned,
  };
  let userMetadata = user.raw_user_meta_data ?? {};
  if (params.email_confirm) {
    changes.email_confirmed_at = 'now';
    userMetadata = { ...userMetadata, email_verified: true };
  }
  if (params.phone_confirm) changes.phone_confirmed_at = 'now';
  if (params.user_metadata) userMetadata = mergeMetadata(userMetadata, params.user_metadata);
  if (params.email_confirm || params.user_metadata) changes.raw_user_meta_data = userMetadata;
  if (params.app_metadata) changes.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, params.app_metadata);

  const updated = await transaction(ctx.pool, async (db) => {
    await updateUser(db, user.id, changes);
    // A password set by an admin signs the user out everywhere (GoTrue's UpdatePassword(tx, nil)).
    if (password !== null) await deleteUserSessions(db, user.id);
    const verified = params.email_confirm === true;
    if (email) await upsertIdentityData(db, user.id, 'email', { email, email_verified: verified });
    if (phone) await upsertIdentityData(db, user.id, 'phone', { phone, phone_verified: params.phone_confirm === true });
    return findUserById(db, user.id);
  });
  if (!updated) throw notFound('user_not_found', 'User not found');
  return reply(ctx, updated);
}

const deleteParams = z.object({ should_soft_delete: z.boolean().nullish() });

export async function adminDeleteUser(ctx: AuthContext, request: Request, id: string): Promise<Response> {
  const user = await loadTarget(ctx, request, id);
  const soft = (await readOptionalJson(request, deleteParams)).should_soft_delete === true;
  if (!soft) {
    await deleteUser(ctx.pool, user.id);
  } else if (!user.deleted_at) {
    // Soft delete keeps the row (for foreign keys) but frees the address and ends every session.
    await transaction(ctx.pool, async (db) => {
      await updateUser(db, user.id, { email: null, phone: null, encrypted_password: '', deleted_at: 'now' });
      await db.query('delete from auth.identities where user_id = $1', [user.id]);
      await deleteUserSessions(db, user.id);
    });
  }
  return json(200, {});
}
