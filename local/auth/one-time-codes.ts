/**
 * The one-time tokens auth mails (recovery, e-mail change, e-mail OTP sign-in): a link with a token and a 6-digit
 * code. Hosted GoTrue makes the link's token sha224(address + code), computable for every code;
 * here the token is random (256 bits) and the code is kept only as a hash beside it, with its
 * misses: after `codeMaxMisses` wrong codes the code and its link are void.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from './db.ts';

/** 'signup' and 'magiclink': the e-mail OTP sign-in's codes for a new and an existing account (otp-route.ts). */
export type CodeKind = 'recovery' | 'email_change' | 'signup' | 'magiclink';

/** Wrong codes a mailed code survives; the next miss voids it (and its link). */
export const codeMaxMisses = 3;

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The link's token: 64 hex digits, as the links have always carried. */
export function newLinkToken(): string {
  return randomBytes(32).toString('hex');
}

const codeHash = (token: string, code: string) => createHash('sha256').update(`${token}:${code}`).digest();

export interface MailedCode {
  token: string;
  userId: string;
  kind: CodeKind;
  /** The address the code was mailed to (the one `POST /verify {email, token}` names). */
  address: string;
  code: string;
}

/** Forgets the user's earlier codes of `kind` (a new mail replaces them). */
export async function forgetCodes(db: Db, userId: string, kind: CodeKind): Promise<void> {
  await db.query('delete from auth.one_time_codes where user_id = $1 and kind = $2', [userId, kind]);
}

export async function saveCode(db: Db, mailed: MailedCode): Promise<void> {
  await db.query(
    `insert into auth.one_time_codes (token, user_id, kind, address, code_hash) values ($1, $2, $3, $4, $5)
     on conflict (token) do nothing`,
    [mailed.token, mailed.userId, mailed.kind, mailed.address, codeHash(mailed.token, mailed.code).toString('hex')],
  );
}

/** Forgets the code that goes with a link token once the token is used. */
export async function forgetCode(db: Db, token: string): Promise<void> {
  await db.query('delete from auth.one_time_codes where token = $1', [token]);
}

/**
 * The link token `code` stands for, or null. Run inside a transaction (rows are locked). A wrong
 * code counts a miss against each code of the kinds pending for the address; one that reaches
 * `codeMaxMisses` is voided with its link.
 */
export async function tokenForCode(
  db: Db,
  kinds: readonly CodeKind[],
  address: string,
  code: string,
): Promise<string | null> {
  const { rows } = await db.query<{ token: string; code_hash: string }>(
    `select token, code_hash from auth.one_time_codes where kind = any($1) and lower(address) = lower($2) for update`,
    [kinds, address],
  );
  const match = rows.find((row) => timingSafeEqual(Buffer.from(row.code_hash, 'hex'), codeHash(row.token, code)));
  if (match) return match.token;
  const { rows: spent } = await db.query<{ token: string; misses: number }>(
    `update auth.one_time_codes set misses = misses + 1 where kind = any($1) and lower(address) = lower($2)
     returning token, misses`,
    [kinds, address],
  );
  const dead = spent.filter((row) => row.misses >= codeMaxMisses).map((row) => row.token);
  if (dead.length > 0) await voidTokens(db, dead);
  return null;
}

/** Voids link tokens wherever GoTrue's columns hold them, and their codes. */
async function voidTokens(db: Db, tokens: string[]): Promise<void> {
  await db.query('update auth.users set recovery_token = null where recovery_token = any($1)', [tokens]);
  await db.query('update auth.users set confirmation_token = null where confirmation_token = any($1)', [tokens]);
  await db.query(`update auth.users set email_change_token_new = '' where email_change_token_new = any($1)`, [tokens]);
  await db.query(`update auth.users set email_change_token_current = '' where email_change_token_current = any($1)`, [
    tokens,
  ]);
  await db.query('delete from auth.one_time_codes where token = any($1)', [tokens]);
}
