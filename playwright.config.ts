/**
 * End-to-end tests (tests/e2e) in the system Chromium against the whole local stack.
 *
 * Projects, run side by side in one invocation:
 * - `site`: every `*.spec.ts` except `*.global.spec.ts`, fully parallel, against the stack that
 *   tests/e2e/support/global-setup.ts starts once on free ports with a throwaway database. These
 *   must not change global state (site_settings, shared CMS or catalogue rows); they may create
 *   rows of their own.
 * - `global-state`: `*.global.spec.ts`, tests that change what every visitor sees (e.g. the
 *   maintenance flag, unpublished programs). Its one worker starts a stack of its own (fixture
 *   option `ownStack`), so these tests run one at a time alongside the `site` tests without either
 *   seeing the other's changes. They spend most of their time waiting for the website's caches
 *   (pages 3 s, CMS content), which costs no CPU.
 *
 * Workers: `site` gets ASCENT_E2E_WORKERS, or else three quarters of the cores (at least one; the
 * stack's PostgreSQL, PostgREST and website run on the same machine); `global-state` one more.
 *
 * Retries are 0 everywhere, CI included: a retry would turn a flaky test green and hide it, and a
 * failing test keeps its trace (`retain-on-failure`) without one.
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import type { StackOptions } from './tests/e2e/fixtures.ts';
import { chromiumFlags, chromiumPath } from './tests/support/chromium.ts';
import { stackEnvVar } from './tests/e2e/support/stack-info.ts';

function siteWorkers(): number {
  const configured = process.env.ASCENT_E2E_WORKERS;
  if (configured === undefined || configured === '') return Math.max(1, Math.ceil(availableParallelism() * 0.75));
  const workers = Number(configured);
  if (!Number.isInteger(workers) || workers < 1)
    throw new Error(`ASCENT_E2E_WORKERS must be a whole number of at least 1, not "${configured}"`);
  return workers;
}

const siteWorkerCount = siteWorkers();

/** Set in workers (global setup runs before they start); undefined while the runner loads the config. */
const stack = process.env[stackEnvVar] ? (JSON.parse(process.env[stackEnvVar]) as { webUrl: string }) : undefined;

export default defineConfig<object, StackOptions>({
  testDir: 'tests/e2e',
  outputDir: '.tmp/e2e-results',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: siteWorkerCount + 1,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // scripts/test.ts names the JSON report per pass (ASCENT_E2E_REPORT) and reads its counts.
  reporter: [['list'], ['json', { outputFile: process.env.ASCENT_E2E_REPORT ?? '.tmp/playwright-report.json' }]],
  use: {
    baseURL: stack?.webUrl,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: [...chromiumFlags] },
  },
  projects: [
    { name: 'site', testIgnore: /\.global\.spec\.ts$/, workers: siteWorkerCount },
    {
      name: 'global-state',
      testMatch: /\.global\.spec\.ts$/,
      workers: 1,
      fullyParallel: false,
      use: { ownStack: true },
    },
  ],
});
