/**
 * `POST /verify {type, email, token}`: the mailed 6-digit code. Beyond the per-address limit on
 * every /verify, the account's code misses are capped (`codeMissesPerAccount` a day, over all
 * its codes and all addresses), and each code dies after a few misses (one-time-codes.ts), so
 * the million codes cannot be tried. The mailed link (a random token) is not affected.
 */
import { transaction } from './db.ts';
import { rateLimited } from './errors.ts';
import { accountFailures, recordFailure } from './failed-attempts.ts';
import type { AuthContext } from './options.ts';
import { tokenForCode, type CodeKind } from './one-time-codes.ts';

/** Wrong codes one account may see in `codeMissWindowMs` before its code path waits. */
export const codeMissesPerAccount = 10;
const codeMissWindowMs = 24 * 3600 * 1000;

/** The link token the code stands for, or null for a wrong code; 429 while the account's misses are spent. */
export async function tokenForMailedCode(
  ctx: AuthContext,
  kinds: readonly CodeKind[],
  email: string,
  code: string,
  ip: string | null,
): Promise<string | null> {
  const account = `email:${email.toLowerCase()}`;
  const now = ctx.now();
  const misses = await accountFailures(ctx.pool, 'code', account, codeMissWindowMs, now);
  if (misses.count >= codeMissesPerAccount && misses.oldest !== null) {
    throw rateLimited(Math.max(1, Math.ceil((misses.oldest + codeMissWindowMs - now) / 1000)));
  }
  return transaction(ctx.pool, async (db) => {
    const token = await tokenForCode(db, kinds, email, code);
    if (!token) await recordFailure(db, 'code', account, ip, now);
    return token;
  });
}
