/**
 * The log of failed sign-ins and wrong codes in auth.failed_attempts, so that back-offs and caps
 * survive a restart. Times come from the server's clock (tests move it), not the database's.
 */
import type { Db } from './db.ts';

export type AttemptKind = 'signin' | 'code';

/** Failures older than this are no longer read by any rule and are swept now and then. */
const keptMs = 2 * 24 * 3600 * 1000;
const sweepEvery = 200;
let sinceSweep = 0;

export async function recordFailure(
  db: Db,
  kind: AttemptKind,
  account: string,
  address: string | null,
  at: number,
): Promise<void> {
  await db.query('insert into auth.failed_attempts (kind, account, address, failed_at) values ($1, $2, $3, $4)', [
    kind,
    account,
    address,
    new Date(at),
  ]);
  if (++sinceSweep >= sweepEvery) {
    sinceSweep = 0;
    await db.query('delete from auth.failed_attempts where failed_at < $1', [new Date(at - keptMs)]);
  }
}

/** How many failures of `kind` the account had in the `windowMs` before `now`, and when the oldest was. */
export async function accountFailures(
  db: Db,
  kind: AttemptKind,
  account: string,
  windowMs: number,
  now: number,
): Promise<{ count: number; oldest: number | null }> {
  const { rows } = await db.query<{ count: number; oldest: Date | null }>(
    `select count(*)::int as count, min(failed_at) as oldest from auth.failed_attempts
     where kind = $1 and account = $2 and failed_at > $3 and failed_at <= $4 and not forgiven`,
    [kind, account, new Date(now - windowMs), new Date(now)],
  );
  const row = rows[0]!;
  return { count: row.count, oldest: row.oldest ? row.oldest.getTime() : null };
}
