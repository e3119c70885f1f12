/**
 * Refresh-token rotation in one transaction per attempt. The session row is locked first, so
 * every refresh of a session (same token or not) runs one after another and cannot deadlock.
 */
import type { Pool } from 'pg';
import { transaction, type Db } from './db.ts';
import { insertRefreshToken, newRefreshToken, type ClientInfo, type SessionRow } from './session-store.ts';

export type Rotation =
  | { kind: 'issued'; session: SessionRow; refreshToken: string }
  | { kind: 'not_found' }
  | { kind: 'banned' }
  | { kind: 'already_used' };

interface TokenRow {
  token: string;
  revoked: boolean;
  session_id: string | null;
  /** The token was revoked recently enough to be reused (concurrent tabs, lost replies). */
  reusable: boolean;
}

export async function rotateRefreshToken(
  pool: Pool,
  token: string,
  reuseIntervalSeconds: number,
  client: ClientInfo,
): Promise<Rotation> {
  const found = await pool.query<{ session_id: string | null }>(
    'select session_id from auth.refresh_tokens where token = $1',
    [token],
  );
  const sessionId = found.rows[0]?.session_id;
  if (!sessionId) return { kind: 'not_found' };

  return transaction(pool, async (db): Promise<Rotation> => {
    const sessions = await db.query<SessionRow & { banned: boolean }>(
      `select s.id, s.user_id, s.created_at, coalesce(u.banned_until > now(), false) as banned
       from auth.sessions s join auth.users u on u.id = s.user_id where s.id = $1 for update of s`,
      [sessionId],
    );
    const locked = sessions.rows[0];
    // Logged out (session deleted, tokens cascaded) between the lookup and the lock.
    if (!locked) return { kind: 'not_found' };
    if (locked.banned) return { kind: 'banned' };
    const session: SessionRow = { id: locked.id, user_id: locked.user_id, created_at: locked.created_at };
    const tokens = await db.query<TokenRow>(
      `select token, revoked, session_id, updated_at + make_interval(secs => $2) > now() as reusable
       from auth.refresh_tokens where token = $1 for update`,
      [token, reuseIntervalSeconds],
    );
    const row = tokens.rows[0];
    if (!row || row.session_id !== session.id) return { kind: 'not_found' };

    if (!row.revoked) {
      await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token]);
      const child = newRefreshToken();
      await insertRefreshToken(db, { token: child, userId: session.user_id, sessionId: session.id, parent: token });
      await touchSession(db, session.id, client);
      return { kind: 'issued', session, refreshToken: child };
    }

    if (row.reusable) {
      // A second use soon after rotation gets the session's current token instead of a new branch.
      const active = await db.query<{ token: string }>(
        `select token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
        [session.id],
      );
      const current = active.rows[0]?.token;
      if (current) {
        await touchSession(db, session.id, client);
        return { kind: 'issued', session, refreshToken: current };
      }
      return { kind: 'already_used' };
    }

    // Reuse after the interval looks like a stolen token: nothing of this session refreshes again.
    await db.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false',
      [session.id],
    );
    return { kind: 'already_used' };
  });
}

async function touchSession(db: Db, sessionId: string, client: ClientInfo): Promise<void> {
  await db.query(
    `update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(), user_agent = $2, ip = $3
     where id = $1`,
    [sessionId, client.userAgent, client.ip],
  );
}
