/** Sessions and their refresh tokens in auth.sessions and auth.refresh_tokens. */
import { randomInt, randomUUID } from 'node:crypto';
import type { Db } from './db.ts';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** GoTrue's refresh tokens are 12 random alphanumeric characters (crypto.SecureAlphanumeric(12)). */
export function newRefreshToken(): string {
  let token = '';
  for (let i = 0; i < 12; i++) token += alphabet[randomInt(alphabet.length)];
  return token;
}

export async function insertRefreshToken(
  db: Db,
  token: { token: string; userId: string; sessionId: string; parent: string | null },
): Promise<void> {
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, session_id, parent)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4)`,
    [token.token, token.userId, token.sessionId, token.parent],
  );
}

/** A new session with its first refresh token; the caller runs it in a transaction. */
export async function createSession(
  db: Db,
  userId: string,
  client: ClientInfo,
): Promise<{ session: SessionRow; refreshToken: string }> {
  const { rows } = await db.query<SessionRow>(
    `insert into auth.sessions (id, user_id, aal, user_agent, ip) values ($1, $2, 'aal1', $3, $4)
     returning id, user_id, created_at`,
    [randomUUID(), userId, client.userAgent, client.ip],
  );
  const session = rows[0];
  if (!session) throw new Error('insert into auth.sessions returned no row');
  const refreshToken = newRefreshToken();
  await insertRefreshToken(db, { token: refreshToken, userId, sessionId: session.id, parent: null });
  return { session, refreshToken };
}

export async function findSession(db: Db, id: string): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>('select id, user_id, created_at from auth.sessions where id = $1', [id]);
  return rows[0] ?? null;
}

/** Logging out deletes sessions; their refresh tokens go with them (on delete cascade). */
export async function deleteUserSessions(db: Db, userId: string, exceptSessionId: string | null = null): Promise<void> {
  await db.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [userId, exceptSessionId]);
  if (exceptSessionId === null) {
    // Tokens without a session (none are written here, but GoTrue's Logout clears them too).
    await db.query('delete from auth.refresh_tokens where user_id = $1', [userId]);
  }
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.query('delete from auth.sessions where id = $1', [id]);
}
