import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../http/ports.ts';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded.ts';
import { applyBootstrap, applyMigrations, listMigrations, seedOnce } from './migrate.ts';

let postgres: RunningPostgres;
let db: pg.Client;
const root = mkdtempSync(join(tmpdir(), 'ascent-migrate-'));
const migrations = join(root, 'migrations');

beforeAll(async () => {
  postgres = await startEmbeddedPostgres({ dataDir: join(root, 'pg'), port: await freePort(), password: 'postgres' });
  db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  await applyBootstrap(db, 'test-password');
});

afterAll(async () => {
  await db?.end();
  await postgres?.stop();
  rmSync(root, { recursive: true, force: true });
});

function writeMigration(file: string, sql: string) {
  writeFileSync(join(migrations, file), sql);
}

describe('bootstrap', () => {
  it("creates Supabase's roles with their attributes", async () => {
    const { rows } = await db.query(
      `select rolname, rolcanlogin, rolbypassrls, rolinherit from pg_roles
       where rolname in ('anon','authenticated','service_role','authenticator') order by rolname`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolcanlogin: false, rolbypassrls: false, rolinherit: false },
      { rolname: 'authenticated', rolcanlogin: false, rolbypassrls: false, rolinherit: false },
      { rolname: 'authenticator', rolcanlogin: true, rolbypassrls: false, rolinherit: false },
      { rolname: 'service_role', rolcanlogin: false, rolbypassrls: true, rolinherit: false },
    ]);
  });

  it('defines auth.uid() and friends from the JWT claims PostgREST sets', async () => {
    await db.query('begin');
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: '7f0d6c4e-3f55-4a43-9b7a-6a3c1e2f9d10', role: 'authenticated', email: 'a@ascent.example' }),
    ]);
    const { rows } = await db.query(
      'select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() as jwt',
    );
    await db.query('rollback');
    expect(rows[0]).toMatchObject({
      uid: '7f0d6c4e-3f55-4a43-9b7a-6a3c1e2f9d10',
      role: 'authenticated',
      email: 'a@ascent.example',
      jwt: { role: 'authenticated' },
    });
  });

  it('is safe to run again on every start', async () => {
    await expect(applyBootstrap(db, 'test-password')).resolves.toBeUndefined();
  });

  it('lets authenticator log in with the configured password', async () => {
    const url = new URL(postgres.url);
    url.username = 'authenticator';
    url.password = 'test-password';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const { rows } = await client.query('select current_user');
    await client.end();
    expect(rows[0].current_user).toBe('authenticator');
  });
});

describe('migrations', () => {
  beforeAll(() => {
    mkdirSync(migrations, { recursive: true });
  });

  it('applies pending migrations in timestamp order, then only new ones', async () => {
    writeMigration('20250102000000_second.sql', 'alter table public.widgets add column size int;');
    writeMigration('20250101000000_first.sql', 'create table public.widgets (id int primary key);');
    expect(await applyMigrations(db, migrations)).toEqual(['20250101000000', '20250102000000']);
    expect(await applyMigrations(db, migrations)).toEqual([]);
    writeMigration('20250103000000_third.sql', 'alter table public.widgets add column colour text;');
    expect(await applyMigrations(db, migrations)).toEqual(['20250103000000']);
    const { rows } = await db.query('select version, name from supabase_migrations.schema_migrations order by version');
    expect(rows.map((r) => r.name)).toEqual(['first', 'second', 'third']);
  });

  it('rolls a failing migration back and names it', async () => {
    writeMigration('20250104000000_broken.sql', 'create table public.half_done (id int); select 1/0;');
    await expect(applyMigrations(db, migrations)).rejects.toThrow(/20250104000000_broken failed: division by zero/);
    const { rowCount } = await db.query(`select 1 from pg_tables where tablename = 'half_done'`);
    expect(rowCount).toBe(0);
    rmSync(join(migrations, '20250104000000_broken.sql'));
  });

  it('refuses a file name the Supabase CLI would not accept', () => {
    writeMigration('add_things.sql', 'select 1;');
    expect(() => listMigrations(migrations)).toThrow(/add_things\.sql/);
    rmSync(join(migrations, 'add_things.sql'));
  });
});

describe('seed', () => {
  it('runs once per database', async () => {
    const seed = join(root, 'seed.sql');
    writeFileSync(seed, 'insert into public.widgets (id) values (1);');
    expect(await seedOnce(db, seed)).toBe(true);
    expect(await seedOnce(db, seed)).toBe(false);
    const { rows } = await db.query('select count(*)::int as n from public.widgets');
    expect(rows[0].n).toBe(1);
  });
});
