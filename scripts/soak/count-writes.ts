/**
 * Counts, in the database after the run, the rows the soak's writes made: per kind, whether every
 * acknowledged write is there exactly once, and how many rows exist for writes the visitor was
 * not told succeeded (a reply lost on the way is allowed to have been stored, once).
 */
import pg from 'pg';
import type { Ledger } from './tally.ts';

export interface WriteCount {
  kind: string;
  attempted: number;
  acknowledged: number;
  /** Acknowledged writes with no row. */
  lost: number;
  /** Keys with more than one row. */
  duplicated: number;
  /** Rows of writes that were not acknowledged. */
  storedUnacknowledged: number;
}

/** Where each kind's rows are, and the column that holds the key the soak gave the write. */
const sources = {
  newsletter: { table: 'public.newsletter_subscribers', key: 'email', marker: 'news' },
  enquiry: { table: 'public.enquiries', key: 'email', marker: 'enq' },
  order: { table: 'public.orders', key: 'idempotency_key::text', marker: 'order', by: 'customer_email' },
} as const;

export async function countWrites(
  databaseUrl: string,
  runTag: string,
  ledgers: readonly Ledger[],
): Promise<WriteCount[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const counts: WriteCount[] = [];
    for (const [kind, source] of Object.entries(sources)) {
      const filterColumn = 'by' in source ? source.by : source.key;
      const { rows } = await db.query<{ key: string; rows: string }>(
        `select ${source.key} as key, count(*) as rows from ${source.table}
          where ${filterColumn} like $1 group by 1`,
        [`soak-${runTag}-${source.marker}-%`],
      );
      const stored = new Map(rows.map((row) => [row.key, Number(row.rows)]));
      const acknowledged = new Set<string>();
      const attempted = new Set<string>();
      for (const ledger of ledgers) {
        for (const key of ledger.acknowledgedOf(kind)) acknowledged.add(key);
        for (const key of ledger.attemptedOf(kind)) attempted.add(key);
      }
      let lost = 0;
      for (const key of acknowledged) if (!stored.has(key)) lost += 1;
      let duplicated = 0;
      let storedUnacknowledged = 0;
      for (const [key, count] of stored) {
        if (count > 1) duplicated += 1;
        if (!acknowledged.has(key)) storedUnacknowledged += 1;
      }
      counts.push({
        kind,
        attempted: attempted.size,
        acknowledged: acknowledged.size,
        lost,
        duplicated,
        storedUnacknowledged,
      });
    }
    return counts;
  } finally {
    await db.end();
  }
}
