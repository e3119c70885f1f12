/**
 * Brings a database to the schema in supabase/ the way the platform and the CLI do: the
 * bootstrap as the superuser, then migrations and the seed as `postgres` (not a superuser).
 */
import pg from 'pg';
import { applyBootstrap, applyMigrations, migrationsDir, seedFile, seedOnce } from './migrate.ts';

export interface PrepareOptions {
  /** Default: supabase/migrations. */
  migrations?: string;
  /** The seed file, or false for none. Default: supabase/seed.sql. */
  seed?: string | false;
}

export interface PreparedDatabase {
  /** `postgres`'s URL, as `supabase db push` and `psql -f seed.sql` connect on a hosted project. */
  databaseUrl: string;
  /** The superuser's URL (supabase_admin): for the bootstrap and the rare test that needs it. */
  adminDatabaseUrl: string;
  /** Migration versions applied now (empty when the database was up to date). */
  applied: string[];
  seeded: boolean;
  /** `postgres` is a superuser here (an older data folder): migrations ran with superuser rights. */
  postgresIsSuperuser: boolean;
}

/** The same server and database with another role's credentials. */
export function urlForRole(url: string, role: string, password: string): string {
  const next = new URL(url);
  next.username = role;
  next.password = password;
  return next.toString();
}

/** One connection for `work`, always closed. */
export async function withClient<T>(url: string, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

export async function prepareDatabase(
  adminDatabaseUrl: string,
  rolePassword: string,
  options: PrepareOptions = {},
): Promise<PreparedDatabase> {
  const { postgresIsSuperuser } = await withClient(adminDatabaseUrl, (db) => applyBootstrap(db, rolePassword));
  // The bootstrap leaves the password of the role it connected as alone.
  const connectedAsPostgres = decodeURIComponent(new URL(adminDatabaseUrl).username) === 'postgres';
  const databaseUrl = connectedAsPostgres ? adminDatabaseUrl : urlForRole(adminDatabaseUrl, 'postgres', rolePassword);
  const seed = options.seed ?? seedFile;
  const { applied, seeded } = await withClient(databaseUrl, async (db) => ({
    applied: await applyMigrations(db, options.migrations ?? migrationsDir),
    seeded: seed === false ? false : await seedOnce(db, seed),
  }));
  return { databaseUrl, adminDatabaseUrl, applied, seeded, postgresIsSuperuser };
}
