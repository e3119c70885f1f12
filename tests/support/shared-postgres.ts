/**
 * One embedded PostgreSQL for the whole unit run, a fresh database per test file: initialising a
 * cluster costs about a second of CPU each, a database copied from a template a few milliseconds.
 * The vitest global setup (tests/support/unit-global-setup.ts) starts the cluster; test files call
 * `freshDatabase()`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { freePort } from '../../local/http/ports.ts';
import { startEmbeddedPostgres } from '../../local/postgres/embedded.ts';
import { applyBootstrap, applyMigrations } from '../../local/postgres/migrate.ts';
import { urlForRole, withClient } from '../../local/postgres/prepare.ts';

/** Every role's password in the shared cluster (roles are cluster-wide: one value for all files). */
export const sharedPassword = 'postgres';

/** A database with Supabase's bootstrap applied: what a new hosted project starts from. */
const bootstrappedTemplate = 'ascent_bootstrapped';

export interface SharedCluster {
  /** The superuser (supabase_admin) on the maintenance database `postgres`. */
  adminUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedPostgres: SharedCluster;
  }
}

function onDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/** For the global setup: the cluster, with the bootstrapped template database in it. */
export async function startSharedCluster(): Promise<SharedCluster & { stop(): Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'ascent-unit-pg-'));
  const postgres = await startEmbeddedPostgres({
    dataDir: join(root, 'pg'),
    port: await freePort(),
    password: sharedPassword,
  });
  try {
    await withClient(postgres.adminUrl, (admin) => admin.query(`create database ${bootstrappedTemplate}`));
    await withClient(onDatabase(postgres.adminUrl, bootstrappedTemplate), (db) => applyBootstrap(db, sharedPassword));
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  return {
    adminUrl: postgres.adminUrl,
    async stop() {
      await postgres.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface FreshDatabase {
  name: string;
  /** The superuser (supabase_admin) on this database. */
  adminUrl: string;
  /** `postgres` (not a superuser, as on a hosted project) on this database. */
  databaseUrl: string;
  /** Another role of the cluster on this database (authenticator, supabase_auth_admin...). */
  urlFor(role: string): string;
  drop(): Promise<void>;
}

/**
 * A new database in the shared cluster: `bootstrapped` (default) has Supabase's roles, schemas
 * and extensions, as a new hosted project; `empty` is a bare database, for tests of the bootstrap
 * itself (run it inside `withClusterLock`).
 */
export async function freshDatabase(kind: 'bootstrapped' | 'empty' = 'bootstrapped'): Promise<FreshDatabase> {
  const { adminUrl } = inject('sharedPostgres');
  const name = `test_${randomBytes(6).toString('hex')}`;
  // As on the platform, `postgres` owns a bootstrapped database; a bare one is the superuser's until its bootstrap.
  const create =
    kind === 'bootstrapped'
      ? `create database ${name} template ${bootstrappedTemplate} owner postgres`
      : `create database ${name} template template0`;
  await withClient(adminUrl, (admin) => admin.query(create));
  const databaseAdminUrl = onDatabase(adminUrl, name);
  return {
    name,
    adminUrl: databaseAdminUrl,
    databaseUrl: urlForRole(databaseAdminUrl, 'postgres', sharedPassword),
    urlFor: (role) => urlForRole(databaseAdminUrl, role, sharedPassword),
    drop: () => withClient(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(),
  };
}

/**
 * Runs `work` while no other test file changes cluster-wide state: the bootstrap alters roles,
 * and PostgreSQL refuses two concurrent updates of one role ("tuple concurrently updated").
 */
export async function withClusterLock<T>(work: () => Promise<T>): Promise<T> {
  const { adminUrl } = inject('sharedPostgres');
  return withClient(adminUrl, async (lock) => {
    await lock.query(`select pg_advisory_lock(hashtext('ascent-cluster-roles'))`);
    try {
      return await work();
    } finally {
      await lock.query(`select pg_advisory_unlock(hashtext('ascent-cluster-roles'))`);
    }
  });
}

export interface MigratedDatabase {
  database: FreshDatabase;
  /** Connected as `postgres`, as migrations and a hosted project's SQL editor run. */
  db: pg.Client;
  /** Disconnects and drops the database. */
  close(): Promise<void>;
}

/** A fresh bootstrapped database with every migration applied, and a client on it. */
export async function migratedDatabase(): Promise<MigratedDatabase> {
  const database = await freshDatabase();
  const db = new pg.Client({ connectionString: database.databaseUrl });
  try {
    await db.connect();
    await applyMigrations(db);
  } catch (error) {
    await db.end().catch(() => undefined);
    await database.drop();
    throw error;
  }
  return {
    database,
    db,
    async close() {
      await db.end();
      await database.drop();
    },
  };
}
