/** Reads and writes of auth.users and auth.identities; every statement parameterised. */
import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';

export type JsonObject = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: JsonObject | null;
  raw_user_meta_data: JsonObject | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  /** The address a pending e-mail change goes to ('' or null when none is pending). */
  email_change: string | null;
  email_change_sent_at: Date | null;
  /** Set when an admin invited the user (POST /invite); the invitation's link was sent at confirmation_sent_at. */
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: JsonObject;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

const userColumns = `id, aud, role, email, encrypted_password, email_confirmed_at, phone, phone_confirmed_at,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, deleted_at, is_anonymous,
  email_change, email_change_sent_at, invited_at, confirmation_sent_at`;

async function oneUser(db: Db, where: string, value: unknown): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`select ${userColumns} from auth.users where ${where} limit 1`, [value]);
  return rows[0] ?? null;
}

export const findUserById = (db: Db, id: string) => oneUser(db, 'id = $1', id);
/** GoTrue matches e-mail case-insensitively among non-SSO users (its unique index does the same). */
export const findUserByEmail = (db: Db, email: string) =>
  oneUser(db, 'lower(email) = lower($1) and is_sso_user = false', email);
export const findUserByPhone = (db: Db, phone: string) => oneUser(db, 'phone = $1', phone);

export async function findIdentities(db: Db, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
     from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

export interface NewUser {
  id?: string;
  aud: string;
  role: string;
  email: string | null;
  phone: string | null;
  passwordHash: string;
  appMetadata: JsonObject;
  userMetadata: JsonObject;
  emailConfirmed: boolean;
  phoneConfirmed: boolean;
  bannedUntil?: Date | null;
}

export async function insertUser(db: Db, user: NewUser): Promise<string> {
  const id = user.id ?? randomUUID();
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, phone, raw_app_meta_data,
       raw_user_meta_data, email_confirmed_at, phone_confirmed_at, banned_until)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, $5, $6, $7, $8,
       case when $9::boolean then now() end, case when $10::boolean then now() end, $11)`,
    [
      id,
      user.aud,
      user.role,
      user.email,
      user.passwordHash,
      user.phone,
      user.appMetadata,
      user.userMetadata,
      user.emailConfirmed,
      user.phoneConfirmed,
      user.bannedUntil ?? null,
    ],
  );
  return id;
}

/** GoTrue's identity_data for the email and phone providers (provider.Claims as a map). */
export function identityData(userId: string, contact: { email?: string; phone?: string }): JsonObject {
  return { sub: userId, ...contact, email_verified: false, phone_verified: false };
}

export async function insertIdentity(db: Db, userId: string, provider: 'email' | 'phone', data: JsonObject) {
  await db.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider)
     values ($1, $2, $3, $4, $5)`,
    [randomUUID(), userId, userId, data, provider],
  );
}

/** Merges `data` into the identity's data (GoTrue's UpdateIdentityData), creating the identity if absent. */
export async function upsertIdentityData(db: Db, userId: string, provider: 'email' | 'phone', data: JsonObject) {
  const { rowCount } = await db.query(
    `update auth.identities set identity_data = identity_data || $3::jsonb, updated_at = now()
     where user_id = $1 and provider = $2`,
    [userId, provider, data],
  );
  if (!rowCount) await insertIdentity(db, userId, provider, { ...identityData(userId, {}), ...data });
}

/** GoTrue's metadata update: keys with null values are removed, others set. */
export function mergeMetadata(current: JsonObject | null, updates: JsonObject): JsonObject {
  const merged: JsonObject = { ...current };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** The columns a user update may set; absent keys stay as they are. */
export interface UserChanges {
  email?: string | null;
  phone?: string | null;
  encrypted_password?: string | null;
  role?: string;
  raw_app_meta_data?: JsonObject;
  raw_user_meta_data?: JsonObject;
  email_confirmed_at?: 'now';
  phone_confirmed_at?: 'now';
  banned_until?: Date | null;
  deleted_at?: 'now';
}

export async function updateUser(db: Db, id: string, changes: UserChanges): Promise<void> {
  const sets: string[] = ['updated_at = now()'];
  const values: unknown[] = [id];
  for (const [column, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === 'now') {
      sets.push(`${column} = now()`);
    } else {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    }
  }
  // Column names come from the UserChanges keys above, never from request data.
  await db.query(`update auth.users set ${sets.join(', ')} where id = $1`, values);
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.query('delete from auth.users where id = $1', [id]);
}

export async function listUsers(
  db: Db,
  options: { aud: string; page: number; perPage: number; filter: string },
): Promise<{ users: UserRow[]; total: number }> {
  const pattern = `%${options.filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = `aud = $1 and ($2 = '%%' or email ilike $2 or raw_user_meta_data ->> 'full_name' ilike $2)`;
  const count = await db.query<{ total: string }>(`select count(*) as total from auth.users where ${where}`, [
    options.aud,
    pattern,
  ]);
  const { rows } = await db.query<UserRow>(
    `select ${userColumns} from auth.users where ${where} order by created_at desc, id limit $3 offset $4`,
    [options.aud, pattern, options.perPage, (options.page - 1) * options.perPage],
  );
  return { users: rows, total: Number(count.rows[0]?.total ?? 0) };
}
