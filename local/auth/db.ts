/** The auth server's connection pool and the transaction helper every multi-statement change uses. */
import pg from 'pg';
import type { Pool, PoolClient, QueryResult, QueryResultRow } from 'pg';

/** What a query needs: the pool itself or a client inside a transaction. */
export interface Db {
  query<R extends QueryResultRow = QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
}

export function createPool(databaseUrl: string): Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection dropped by a PostgreSQL restart must not crash the process; the pool reconnects.
  // Once the pool is closing, connections still winding down may see the server stop: not news.
  pool.on('error', (error) => {
    if (!pool.ending) console.error(`[auth] idle database connection failed: ${error.message}`);
  });
  return pool;
}

export async function transaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The constraint a unique_violation hit (two requests raced for one e-mail, phone or id), else null. */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error) || error.code !== '23505') return null;
  return 'constraint' in error && typeof error.constraint === 'string' ? error.constraint : '';
}
