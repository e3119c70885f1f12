/** GET and POST /admin/users: listing (GoTrue's pagination headers) and creating users. */
import { randomBytes } from 'node:crypto';
import { requireAdmin } from './authenticate.ts';
import { adminUserParams, bannedUntil, checkPasswordHash } from './admin-params.ts';
import { transaction, uniqueViolation } from './db.ts';
import { badRequest, unprocessable } from './errors.ts';
import { json, readJson } from './http.ts';
import { audience, type AuthContext } from './options.ts';
import { hashPassword } from './passwords.ts';
import { userJson } from './user-json.ts';
import {
  findIdentities,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  identityData,
  insertIdentity,
  insertUser,
  listUsers,
  mergeMetadata,
} from './user-store.ts';
import { isUuid, validateEmail, validatePhone } from './validate.ts';

const defaultPerPage = 50;

function pageParam(url: URL, name: string, fallback: number): number {
  const text = url.searchParams.get(name) ?? '';
  if (text === '') return fallback;
  if (!/^\d+$/.test(text))
    throw badRequest('validation_failed', `Bad Pagination Parameters: invalid ${name} "${text}"`);
  return Number(text);
}

/** GoTrue's Link (next, last) and X-Total-Count headers, relative to the request's own path. */
function paginationHeaders(url: URL, page: number, perPage: number, total: number): Record<string, string> {
  const lastPage = Math.ceil(total / perPage);
  const link = (p: number) => {
    const query = new URLSearchParams(url.searchParams);
    query.set('page', String(p));
    query.sort(); // Go's url.Values.Encode sorts keys; auth-js reads the number after the first "=".
    return `<${url.pathname}?${query}>`;
  };
  const next = lastPage > page ? `${link(page + 1)}; rel="next", ` : '';
  return { link: `${next}${link(lastPage)}; rel="last"`, 'x-total-count': String(total) };
}

export async function adminListUsers(ctx: AuthContext, request: Request): Promise<Response> {
  await requireAdmin(ctx, request);
  const url = new URL(request.url);
  const page = pageParam(url, 'page', 1);
  const perPage = pageParam(url, 'per_page', defaultPerPage);
  if (page < 1 || perPage < 1) throw badRequest('validation_failed', 'Bad Pagination Parameters: must be positive');
  const filter = url.searchParams.get('filter') ?? '';
  const { users, total } = await listUsers(ctx.pool, { aud: audience, page, perPage, filter });
  const body = [];
  for (const user of users) body.push(userJson(user, await findIdentities(ctx.pool, user.id)));
  return json(200, { users: body, aud: audience }, paginationHeaders(url, page, perPage, total));
}

export async function adminCreateUser(ctx: AuthContext, request: Request): Promise<Response> {
  await requireAdmin(ctx, request);
  const params = await readJson(request, adminUserParams);
  if (!params.email && !params.phone) {
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  }
  const email = params.email ? validateEmail(params.email) : null;
  if (email && (await findUserByEmail(ctx.pool, email))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  const phone = params.phone ? validatePhone(params.phone) : null;
  if (phone && (await findUserByPhone(ctx.pool, phone))) {
    throw unprocessable('phone_exists', 'Phone number already registered by another user');
  }
  if (params.password && params.password_hash) {
    throw badRequest('validation_failed', 'Only a password or a password hash should be provided');
  }
  if (params.id && !isUuid(params.id)) throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
  if (params.id === '00000000-0000-0000-0000-000000000000') {
    throw badRequest('validation_failed', 'ID cannot be a nil uuid');
  }
  // GoTrue checks only bcrypt's limit here, not the strength rules (admins may set any password).
  const password = params.password || randomBytes(48).toString('base64url');
  if (Buffer.byteLength(password) > 72) {
    throw badRequest('validation_failed', 'bcrypt: password length exceeds 72 bytes');
  }
  const passwordHash = params.password_hash ? checkPasswordHash(params.password_hash) : await hashPassword(password);
  const providers = [...(email ? ['email'] : []), ...(phone ? ['phone'] : [])];
  const emailConfirmed = params.email_confirm === true;
  const userMetadata = params.user_metadata ?? {};

  const user = await transaction(ctx.pool, async (db) => {
    const id = await insertUser(db, {
      id: params.id ?? undefined,
      aud: params.aud || audience,
      role: params.role || audience,
      email,
      phone,
      passwordHash,
      appMetadata: mergeMetadata({ provider: providers[0], providers }, params.app_metadata ?? {}),
      userMetadata: emailConfirmed ? { ...userMetadata, email_verified: true } : userMetadata,
      emailConfirmed,
      phoneConfirmed: params.phone_confirm === true,
      bannedUntil: bannedUntil(params.ban_duration),
    });
    if (email) await insertIdentity(db, id, 'email', identityData(id, { email }));
    if (phone) await insertIdentity(db, id, 'phone', identityData(id, { phone }));
    return findUserById(db, id);
  }).catch((error: unknown) => {
    // A concurrent create (or a taken id) wins the unique index between the checks and the insert.
    const constraint = uniqueViolation(error);
    if (constraint === 'users_phone_key') {
      throw unprocessable('phone_exists', 'Phone number already registered by another user');
    }
    if (constraint === 'users_pkey') throw unprocessable('user_already_exists', 'User already registered');
    if (constraint !== null) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    throw error;
  });
  if (!user) throw new Error('created user not found');
  return json(200, userJson(user, await findIdentities(ctx.pool, user.id)));
}
