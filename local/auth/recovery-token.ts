/**
 * Taking a recovery, magic link, invitation or sign-up token (GoTrue's recovery_token,
 * confirmation_token), once and within its lifetime.
 */
import type { Db } from './db.ts';
import { forgetCode } from './one-time-codes.ts';
import { findUserById, type UserRow } from './user-store.ts';

/**
 * Takes the user whose recovery token is `token`, if it was sent within `expirySeconds`: the token
 * (and the code mailed with it) is cleared in the same transaction, so a link works once.
 */
export async function consumeRecoveryToken(db: Db, token: string, expirySeconds: number): Promise<UserRow | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const { rows } = await db.query<{ id: string }>(
    `update auth.users set recovery_token = null
     where recovery_token = $1 and recovery_sent_at > now() - make_interval(secs => $2) and deleted_at is null
     returning id`,
    [token, expirySeconds],
  );
  const id = rows[0]?.id;
  if (!id) return null;
  await forgetCode(db, token);
  return findUserById(db, id);
}

/**
 * Takes the invited user whose invitation token is `token`, if sent within `expirySeconds`, and
 * confirms their address (following the mailed link proves it): once, as GoTrue's confirmation token.
 */
export async function consumeInviteToken(db: Db, token: string, expirySeconds: number): Promise<UserRow | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const { rows } = await db.query<{ id: string }>(
    `update auth.users set confirmation_token = null, email_confirmed_at = coalesce(email_confirmed_at, now())
     where confirmation_token = $1 and confirmation_sent_at > now() - make_interval(secs => $2) and deleted_at is null
     returning id`,
    [token, expirySeconds],
  );
  const id = rows[0]?.id;
  if (!id) return null;
  // A sign-up code (e-mail OTP) stands for this token too.
  await forgetCode(db, token);
  return findUserById(db, id);
}
