/**
 * The public_* views as an attacker probes them (issue 15, 10a): with a catalogue big enough for
 * the planner to reach for the trigram indexes, a visitor's filter must never run on a row the
 * view hides, so no answer (an error included) differs with an unpublished row's existence.
 * The probe is the one that recovered a draft title: a LIKE pattern ending in the escape
 * character, which raises only when some row it is tried on starts with the prefix (a whole word,
 * so that the trigram index finds the row: without the barrier, its recheck raises the error).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOnce } from '../../local/postgres/migrate.ts';
import { migratedDatabase, type MigratedDatabase } from '../../tests/support/shared-postgres.ts';

let database: MigratedDatabase;
let db: pg.Client;

beforeAll(async () => {
  database = await migratedDatabase();
  db = database.db;
  await seedOnce(db);
  // 20k rows per table, a fifth unpublished: enough for the planner to prefer the trigram indexes.
  await db.query(`
    insert into public.events (title, description, category, venue, starts_at, ends_at, is_published)
    select 'Session ' || md5(i::text), 'Notes ' || md5((i * 7)::text), 'generated', 'Nairobi',
           now() + interval '30 days', now() + interval '30 days 2 hours', i % 5 <> 0
    from generate_series(1, 20000) i;
    insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency, is_published)
    select 'Course ' || md5(i::text), 'generated-' || i, 'Group ' || (i % 40), 'Topic ' || md5((i * 3)::text),
           'Outline', '2 days', 100, 'USD', i % 5 <> 0
    from generate_series(1, 20000) i;
    insert into public.services (title, slug, description, is_published)
    select 'Offer ' || md5(i::text), 'generated-service-' || i, 'Scope ' || md5((i * 11)::text), i % 5 <> 0
    from generate_series(1, 20000) i;`);
  await db.query('vacuum analyze public.events, public.training_programs, public.services');
}, 180_000);

afterAll(async () => {
  await database?.close();
});

/** A draft (unpublished) row of each table whose title starts with the probed prefix. */
const drafts = {
  public_events: `insert into public.events (title, description, category, venue, starts_at, ends_at, is_published)
    values ('Zebra Draft Summit', 'draft', 'generated', 'Nairobi', now() + interval '40 days', now() + interval '41 days', false)`,
  public_training_programs: `insert into public.training_programs (title, slug, category, focus, description, duration, price_amount, currency, is_published)
    values ('Zebra Draft Course', 'zebra-draft', 'Drafts', 'x', 'x', '1 day', 100, 'USD', false)`,
  public_services: `insert into public.services (title, slug, description, is_published)
    values ('Zebra Draft Offer', 'zebra-draft', 'draft', false)`,
} as const;
type View = keyof typeof drafts;

/** What PostgREST would answer: the rows, or the error's code and message. Run as anon, rolled back. */
async function asAnon(sql: string, params: unknown[] = []): Promise<unknown> {
  await db.query('savepoint probe');
  try {
    await db.query('set local role anon');
    await db.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true)`);
    const { rows } = await db.query(sql, params);
    return { rows };
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { code, message };
  } finally {
    await db.query('rollback to savepoint probe');
  }
}

/** The answer to the probe with and without a hidden row starting with its prefix. */
async function probe(view: View, prefix: string): Promise<{ without: unknown; withDraft: unknown }> {
  // PostgREST's `title=like.<prefix>\` is this statement (its `*` becomes `%`; the rest is passed on).
  const sql = `select id from public.${view} where title like $1`;
  await db.query('begin');
  try {
    const without = await asAnon(sql, [`${prefix}\\`]);
    await db.query(drafts[view]);
    const withDraft = await asAnon(sql, [`${prefix}\\`]);
    return { without, withDraft };
  } finally {
    await db.query('rollback');
  }
}

async function indexesUsed(view: View): Promise<string[]> {
  await db.query('begin');
  try {
    await db.query('set local role anon');
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `explain select id from public.${view} where title like 'Zebra Draft\\'`,
    );
    return rows.flatMap((r) => [...r['QUERY PLAN'].matchAll(/using (\w+)|on (\w+_idx)/g)].map((m) => m[1] ?? m[2]!));
  } finally {
    await db.query('rollback');
  }
}

describe.each(Object.keys(drafts) as View[])('%s', (view) => {
  it('answers a probe the same whether or not an unpublished row starts with its prefix', async () => {
    const { without, withDraft } = await probe(view, 'Zebra Draft');
    expect(without).toEqual({ rows: [] });
    expect(withDraft).toEqual(without);
  });

  it('never tries a visitor’s LIKE through a trigram index over hidden rows', async () => {
    expect((await indexesUsed(view)).filter((name) => name.endsWith('_trgm_idx'))).toEqual([]);
  });
});

describe('the barrier', () => {
  it('is on every public view, and keeps the indexes for lookups by slug (a leakproof comparison)', async () => {
    const { rows } = await db.query<{ name: string; options: string[] }>(
      `select relname as name, reloptions as options from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'v' order by 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) expect(row.options, row.name).toContain('security_barrier=true');

    await db.query('begin');
    try {
      await db.query('set local role anon');
      const { rows: plan } = await db.query<{ 'QUERY PLAN': string }>(
        `explain select id from public.public_training_programs where slug = 'generated-77'`,
      );
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Scan using training_programs_slug_key/);
    } finally {
      await db.query('rollback');
    }
  });

  it('still shows a published row the probe matches (the filter runs, only after the visibility rules)', async () => {
    await db.query('begin');
    try {
      await db.query(`update public.events set title = 'Zebra Dr' where title = 'Session ' || md5('1')`);
      expect(await asAnon(`select title from public.public_events where title like $1`, ['Zebra D_'])).toEqual({
        rows: [{ title: 'Zebra Dr' }],
      });
    } finally {
      await db.query('rollback');
    }
  });
});
