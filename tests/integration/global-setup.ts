/** Starts the whole local stack once for the integration tests: free ports, a throwaway database. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../local/config.ts';
import { freePort } from '../../local/http/ports.ts';
import { startStack } from '../../local/stack.ts';
import type { StackInfo } from './stack-info.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ascent-it-'));
  const ports = {
    api: await freePort(),
    db: await freePort(),
    rest: await freePort(),
    restAdmin: await freePort(),
    smtp: await freePort(),
    mailWeb: await freePort(),
    content: await freePort(),
  };
  // Tests run with the documented local defaults; an external DATABASE_URL is honoured if set.
  const config = loadConfig({ LOCAL_DATA_DIR: dataDir, SITE_URL: 'http://127.0.0.1:3000' });
  const stack = await startStack(config, ports);
  const info: StackInfo = {
    apiUrl: stack.apiUrl,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    jwtSecret: stack.jwtSecret,
    databaseUrl: stack.databaseUrl,
    mailApiUrl: `${stack.mailUrl}/api/messages`,
    contentUrl: stack.contentUrl,
  };
  project.provide('stack', info);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
