/** The website on the local stack: rebuilt when its sources changed, then served by web/server. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './env.ts';
import { startChildService, type RunningChildService } from './process/child-service.ts';

const webDir = join(repoRoot, 'web');

export function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

/**
 * Everything the build reads, relative to the repository: the app, the Vite plugins and chunk
 * groups, both configs, the package manifest and tsconfig, and the lockfile (dependency versions).
 * web/server is not built (it runs from source), nor is web/bench (the admin benchmark's calls);
 * web/build, web/node_modules and .react-router are outputs.
 */
export const websiteBuildInputs = [
  'web/app',
  'web/public',
  'web/vite',
  'web/vite.config.ts',
  'web/react-router.config.ts',
  'web/package.json',
  'web/tsconfig.json',
  'package-lock.json',
];

/** True when there is no build, or any of its inputs changed after it was made. */
export function websiteBuildIsStale(root = repoRoot): boolean {
  const serverBuild = join(root, 'web', 'build', 'server', 'index.js');
  if (!existsSync(serverBuild)) return true;
  const built = statSync(serverBuild).mtimeMs;
  return websiteBuildInputs.some((input) => {
    const path = join(root, input);
    return existsSync(path) && newestChange(path) > built;
  });
}

export function buildWebsite(): void {
  const result = spawnSync(join(repoRoot, 'node_modules', '.bin', 'react-router'), ['build'], {
    cwd: webDir,
    encoding: 'utf8',
    // Vite bakes NODE_ENV into the bundle: a build started from a test runner (NODE_ENV=test)
    // would ship React's development build, twice the size.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`The website build failed:\n${result.stdout}\n${result.stderr}`);
}

export interface WebsiteOptions {
  port: number;
  env: Record<string, string>;
  pidFile: string;
  onLog?: (line: string) => void;
}

/** Starts web/server on the current build; resolves once it answers. */
export function startWebsite(options: WebsiteOptions): Promise<RunningChildService> {
  const url = `http://127.0.0.1:${options.port}`;
  return startChildService({
    name: 'website',
    command: process.execPath,
    args: [join(webDir, 'server', 'index.ts')],
    cwd: webDir,
    // The local stack reads the maintenance flag for every request (the production default reuses a
    // read for a second): staff see their switch on the next page, and the tests rely on it.
    env: {
      MAINTENANCE_MAX_AGE_MS: '0',
      ...options.env,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      NODE_ENV: 'production',
    },
    ports: [options.port],
    pidFile: options.pidFile,
    onLog: options.onLog,
    ready: () =>
      fetch(`${url}/robots.txt`, { method: 'HEAD' }).then(
        () => true,
        () => false,
      ),
  });
}
