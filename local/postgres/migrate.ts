/**
 * Brings a database to the schema in supabase/: the local-only platform bootstrap, then each
 * migration not applied yet (tracked as the Supabase CLI tracks them), then the seed once.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from 'pg';
import { repoRoot } from '../env.ts';

export const migrationsDir = join(repoRoot, 'supabase', 'migrations');
export const seedFile = join(repoRoot, 'supabase', 'seed.sql');
const bootstrapFile = join(import.meta.dirname, 'bootstrap.sql');

const migrationName = /^(\d{14})_([a-z0-9_]+)\.sql$/;

export interface BootstrapOutcome {
  /** True in a data folder made by an older version (or a server) where `postgres` is a superuser. */
  postgresIsSuperuser: boolean;
}

/**
 * Roles and schemas that a hosted Supabase project already has, applied by `db`, a superuser
 * connection. Sets the login roles' passwords from settings (not that of the role connected).
 */
export async function applyBootstrap(db: Client, rolePassword: string): Promise<BootstrapOutcome> {
  await db.query(readFileSync(bootstrapFile, 'utf8'));
  const { rows } = await db.query<{ me: string; postgres_super: boolean }>(
    `select current_user as me, (select rolsuper from pg_roles where rolname = 'postgres') as postgres_super`,
  );
  const { me, postgres_super: postgresIsSuperuser } = rows[0]!;
  const literal = rolePassword.replaceAll("'", "''");
  for (const role of ['postgres', 'authenticator', 'supabase_auth_admin', 'supabase_storage_admin']) {
    if (role !== me) await db.query(`alter role ${role} with login password '${literal}'`);
  }
  return { postgresIsSuperuser };
}

export interface MigrationFile {
  version: string;
  name: string;
  path: string;
}

export function listMigrations(dir = migrationsDir): MigrationFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = migrationName.exec(file);
      if (!match) throw new Error(`Migration file name must be <14-digit timestamp>_<name>.sql: ${file}`);
      return { version: match[1]!, name: match[2]!, path: join(dir, file) };
    })
    .sort((a, b) => a.version.localeCompare(b.version));
}

/** Applies pending migrations in order, each in its own transaction; returns the versions applied. */
export async function applyMigrations(db: Client, dir = migrationsDir): Promise<string[]> {
  await db.query(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text
    )`);
  const { rows } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const applied = new Set(rows.map((r) => r.version));
  const done: string[] = [];
  for (const migration of listMigrations(dir)) {
    if (applied.has(migration.version)) continue;
    const sql = readFileSync(migration.path, 'utf8');
    await db.query('begin');
    try {
      await db.query(sql);
      await db.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [migration.version, migration.name, [sql]],
      );
      await db.query('commit');
    } catch (error) {
      await db.query('rollback');
      throw new Error(`Migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    done.push(migration.version);
  }
  // PostgREST caches the schema; new tables and functions 404 until it reloads.
  await db.query(`notify pgrst, 'reload schema'`);
  return done;
}

/** Runs seed.sql once per database (recorded with its hash, as the Supabase CLI does). */
export async function seedOnce(db: Client, file = seedFile): Promise<boolean> {
  await db.query(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null)`);
  const { rowCount } = await db.query('select 1 from supabase_migrations.seed_files');
  if (rowCount) return false;
  const sql = readFileSync(file, 'utf8');
  await db.query('begin');
  try {
    await db.query(sql);
    const hash = createHash('sha256').update(sql).digest('hex');
    await db.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
      'supabase/seed.sql',
      hash,
    ]);
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw new Error(`Seeding failed: ${(error as Error).message}`, { cause: error });
  }
  return true;
}
