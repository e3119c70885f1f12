import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshDatabase,
  sharedPassword,
  withClusterLock,
  type FreshDatabase,
} from '../../tests/support/shared-postgres.ts';
import { applyBootstrap, applyMigrations, listMigrations, seedOnce } from './migrate.ts';

let database: FreshDatabase;
/** The superuser (supabase_admin), which runs the bootstrap. */
let admin: pg.Client;
/** `postgres`, which runs migrations and the seed, as on a hosted project. */
let db: pg.Client;
const root = mkdtempSync(join(tmpdir(), 'ascent-migrate-'));
const migrations = join(root, 'migrations');

beforeAll(async () => {
  // A bare database: the bootstrap under test builds everything a hosted project has.
  database = await freshDatabase('empty');
  admin = new pg.Client({ connectionString: database.adminUrl });
  await admin.connect();
  await withClusterLock(() => applyBootstrap(admin, sharedPassword));
  db = new pg.Client({ connectionString: database.databaseUrl });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await admin?.end();
  await database?.drop();
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

  it("gives postgres hosted Supabase's rights: no superuser, but createrole, createdb, replication, bypassrls", async () => {
    const { rows } = await admin.query(
      `select rolname, rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls, rolcanlogin
       from pg_roles where rolname in ('postgres', 'supabase_admin') order by rolname`,
    );
    expect(rows).toEqual([
      {
        rolname: 'postgres',
        rolsuper: false,
        rolcreaterole: true,
        rolcreatedb: true,
        rolreplication: true,
        rolbypassrls: true,
        rolcanlogin: true,
      },
      {
        rolname: 'supabase_admin',
        rolsuper: true,
        rolcreaterole: true,
        rolcreatedb: true,
        rolreplication: true,
        rolbypassrls: true,
        rolcanlogin: true,
      },
    ]);
    const owner = await db.query(
      `select pg_get_userbyid(datdba) as owner from pg_database where datname = current_database()`,
    );
    expect(owner.rows).toEqual([{ owner: 'postgres' }]);
  });

  it('is safe to run again on every start', async () => {
    await expect(withClusterLock(() => applyBootstrap(admin, sharedPassword))).resolves.toEqual({
      postgresIsSuperuser: false,
    });
  });

  it('lets postgres and authenticator log in with the configured password', async () => {
    for (const role of ['postgres', 'authenticator']) {
      const client = new pg.Client({ connectionString: database.urlFor(role) });
      await client.connect();
      const { rows } = await client.query('select current_user');
      await client.end();
      expect(rows[0].current_user).toBe(role);
    }
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

  it('installs the extensions hosted Supabase allows: trusted ones, as postgres', async () => {
    writeMigration(
      '20250105000000_extensions.sql',
      ['pg_trgm', 'pgcrypto', '"uuid-ossp"', 'citext', 'unaccent']
        .map((name) => `create extension if not exists ${name} with schema extensions;`)
        .join('\n'),
    );
    expect(await applyMigrations(db, migrations)).toEqual(['20250105000000']);
    const { rows } = await db.query(
      `select extname from pg_extension where extnamespace = 'extensions'::regnamespace order by extname`,
    );
    expect(rows.map((r) => r.extname)).toEqual(['citext', 'pg_trgm', 'pgcrypto', 'unaccent', 'uuid-ossp']);
    const { rows: used } = await db.query(
      `select extensions.unaccent('Café') as plain, 'A'::extensions.citext = 'a' as same`,
    );
    expect(used).toEqual([{ plain: 'Cafe', same: true }]);
  });

  it.each([
    ['superuser_grant', 'alter role postgres superuser;', 'permission denied to alter role'],
    ['superuser_role', 'create role intruder superuser;', 'permission denied to create role'],
    [
      'copy_program',
      `create table public.loot (line text); copy public.loot from program 'id';`,
      'permission denied to COPY to or from an external program',
    ],
  ])(
    "fails a migration that needs superuser rights (%s) with PostgreSQL's permission error",
    async (name, sql, message) => {
      const file = `20250106000000_${name}.sql`;
      writeMigration(file, sql);
      try {
        const failure = await applyMigrations(db, migrations).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(Error);
        expect((failure as Error).message).toBe(`Migration 20250106000000_${name} failed: ${message}`);
        expect(((failure as Error).cause as { code?: string }).code).toBe('42501');
      } finally {
        rmSync(join(migrations, file));
      }
      const { rowCount } = await db.query(
        `select 1 from supabase_migrations.schema_migrations where version = '20250106000000'`,
      );
      expect(rowCount).toBe(0);
    },
  );

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
