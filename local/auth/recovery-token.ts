/** Recovery one-time tokens as GoTrue makes them: a 6-digit code, stored and linked as sha256(email + code). */
import { createHash, randomInt } from 'node:crypto';
import type { Db } from './db.ts';
import { findUserById, type UserRow } from './user-store.ts';

export function newRecoveryCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function tokenHash(email: string, code: string): string {
  return createHash('sha256')
    .update(email + code)
    .digest('hex');
}

/**
 * Takes the user whose recovery token is `hash`, if it was sent within `expirySeconds`: the token
 * is cleared in the same statement, so a link works once.
 */
export async function consumeRecoveryToken(db: Db, hash: string, expirySeconds: number): Promise<UserRow | null> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return null;
  const { rows } = await db.query<{ id: string }>(
    `update auth.users set recovery_token = null
     where recovery_token = $1 and recovery_sent_at > now() - make_interval(secs => $2) and deleted_at is null
     returning id`,
    [hash, expirySeconds],
  );
  const id = rows[0]?.id;
  return id ? findUserById(db, id) : null;
}
