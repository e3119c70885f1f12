/**
 * `npm run seed:large [-- --scale 1] [--database-url postgres://…]`: ten years of data (see
 * scripts/seed-large.sql for the volumes and the honest shortcuts) in a throwaway database. With
 * no --database-url it starts the local stack on free ports with a throwaway data folder, seeds
 * it, prints how long that took and the stack's addresses, and keeps it running until Ctrl-C.
 * Never point --database-url at a database you keep: the seed adds 200k orders to it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const seedSql = readFileSync(join(import.meta.dirname, 'seed-large.sql'), 'utf8');

export interface SeedResult {
  seconds: number;
  counts: Record<string, number>;
}

const counted = [
  'public.orders',
  'public.order_items',
  'public.order_participants',
  'public.event_registrations',
  'public.newsletter_subscribers',
  'public.enquiries',
  'public.training_programs',
  'public.program_intakes',
  'public.mail_outbox',
  'private.audit_log',
] as const;

/**
 * Seeds the database at `superuserUrl` (the superuser: the seed switches triggers off for its
 * transaction) at `scale` × the volumes, in one transaction, then VACUUM ANALYZEs it, as
 * autovacuum soon would after a bulk load: the planner (and estimated counts) know the new sizes,
 * and index-only scans and hint bits do not wait for the first readers.
 */
export async function seedLarge(superuserUrl: string, scale = 1): Promise<SeedResult> {
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    // The server-wide 2 minutes (local/postgres/embedded.ts) is for requests; on a busy machine
    // one of the seed's inserts, or the vacuum, can take longer.
    await client.query('set statement_timeout = 0');
    const started = performance.now();
    await client.query('begin');
    await client.query(`select set_config('ascent.seed_scale', $1, true)`, [String(scale)]);
    await client.query(seedSql);
    await client.query('commit');
    await client.query('vacuum analyze');
    const seconds = (performance.now() - started) / 1000;
    const counts: Record<string, number> = {};
    for (const table of counted) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
      counts[table] = Number(rows[0]?.n ?? 0);
    }
    return { seconds, counts };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

if (import.meta.main) {
  const { commandLine } = await import('./command-line.ts');
  const usage = `usage: npm run seed:large [-- --scale 1] [--database-url postgres://supabase_admin:…]
  --scale         multiplies the volumes (1: 200k orders, 2M audit rows…; default 1)
  --database-url  a THROWAWAY database, as the superuser (default: a new local stack on free ports)`;
  const { values } = commandLine(usage, {
    options: { scale: { type: 'string', default: '1' }, 'database-url': { type: 'string' } },
  });
  const scale = Number(values.scale);
  if (!(scale > 0)) {
    console.error(`--scale must be a positive number, not ${values.scale}.\n\n${usage}`);
    process.exit(2);
  }
  const given = values['database-url'];
  const { logProblems, startTestStack, stopOnSignals } = await import('../tests/support/test-stack.ts');
  const stack = given ? null : await startTestStack({ website: false, log: logProblems('  ') });
  if (stack) stopOnSignals(stack);
  const url = given ?? stack!.info.adminDatabaseUrl;
  console.log(`Seeding ×${scale}…`);
  const result = await seedLarge(url, scale);
  for (const [table, count] of Object.entries(result.counts)) console.log(`  ${table.padEnd(30)} ${count}`);
  console.log(`Seeded in ${result.seconds.toFixed(1)} s.`);
  if (stack) {
    console.log(
      `\nThe stack runs until Ctrl-C:\n  database ${stack.info.databaseUrl}\n  API      ${stack.info.apiUrl}`,
    );
  }
}
