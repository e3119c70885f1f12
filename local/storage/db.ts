/**
 * The storage server's database access, as storage-api does it: bucket and object bookkeeping as
 * its own role (the tables' owner), and every access decision inside a transaction switched to
 * the caller's role with the caller's JWT claims set, so the project's RLS policies decide.
 */
import pg from 'pg';
import type { Pool, PoolClient } from 'pg';
import type { Caller } from './caller.ts';

export function createPool(databaseUrl: string): Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection dropped by a PostgreSQL restart must not crash the process; the pool reconnects.
  pool.on('error', (error) => {
    if (!pool.ending) console.error(`[storage] idle database connection failed: ${error.message}`);
  });
  return pool;
}

async function inTransaction<T>(pool: Pool, work: (db: PoolClient) => Promise<T>, commit: boolean): Promise<T> {
  const db = await pool.connect();
  try {
    await db.query('begin');
    const result = await work(db);
    await db.query(commit ? 'commit' : 'rollback');
    return result;
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
}

/** As the storage server's own role (it owns the tables, so RLS does not apply). */
export function asStorage<T>(pool: Pool, work: (db: PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, work, true);
}

/** The caller's role and claims for one transaction, as PostgREST and storage-api set them. */
async function becomeCaller(db: PoolClient, caller: Caller): Promise<void> {
  // The role comes from a fixed list (caller.ts); quote it anyway.
  await db.query(`set local role "${caller.role.replaceAll('"', '""')}"`);
  await db.query(
    `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true),
            set_config('request.jwt.claim.role', $3, true)`,
    [JSON.stringify(caller.claims), caller.sub ?? '', caller.role],
  );
}

/** Runs `work` as the caller, committing what it did. */
export function asCaller<T>(pool: Pool, caller: Caller, work: (db: PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, async (db) => (await becomeCaller(db, caller), work(db)), true);
}

/** Runs `work` as the caller and rolls it back: storage-api's testPermission (may this row be written?). */
export function testAsCaller(pool: Pool, caller: Caller, work: (db: PoolClient) => Promise<unknown>): Promise<void> {
  return inTransaction(pool, async (db) => void (await becomeCaller(db, caller), await work(db)), false);
}
