/**
 * The Deno that edge functions deploy to, as the `deno` npm package installs it, and the
 * environment every Deno run here gets: the module cache in a git-ignored folder (npm: packages
 * are fetched once) and the npm registry the project installs from.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from '../env.ts';

/** Deno's cache (npm: packages, compiled modules, type-check results), shared by every stack and check. */
export const denoDir = join(repoRoot, '.tmp', 'deno');

let executable: string | undefined;

/**
 * The native binary. The package's postinstall links it into `node_modules/deno`; without it
 * (scripts not run) the package's own installer finds it in the per-platform package. Its
 * `.bin/deno` may be a Node wrapper, which would sit between the stack and Deno's signals.
 */
export function denoExecutable(): string {
  if (!executable) {
    const install = createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string };
    executable = install.runInstall();
  }
  return executable;
}

/**
 * Deno's own variables: its cache, no colours in logs, the npm registry npm uses when it is
 * given in the environment (otherwise Deno reads the same .npmrc files npm does), and the same
 * trust as npm's: the system's certificate authorities besides Deno's bundled ones, and the extra
 * authority Node is given (NODE_EXTRA_CA_CERTS), so a registry behind a company's TLS proxy works.
 */
export function denoEnvironment(): Record<string, string> {
  const registry = process.env.NPM_CONFIG_REGISTRY ?? process.env.npm_config_registry;
  return {
    DENO_DIR: denoDir,
    DENO_NO_UPDATE_CHECK: '1',
    DENO_TLS_CA_STORE: 'mozilla,system',
    NO_COLOR: '1',
    ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
    ...(process.env.NODE_EXTRA_CA_CERTS ? { DENO_CERT: process.env.NODE_EXTRA_CA_CERTS } : {}),
    ...(registry ? { NPM_CONFIG_REGISTRY: registry } : {}),
  };
}
