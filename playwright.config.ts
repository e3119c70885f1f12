/**
 * End-to-end tests (tests/e2e) in the system Chromium against the whole local stack, which
 * tests/e2e/support/global-setup.ts starts once on free ports with a throwaway database.
 *
 * Projects:
 * - `site`: every `*.spec.ts` except `*.global.spec.ts`, fully parallel. These must not change
 *   global state (site_settings, shared CMS or catalogue rows); they may create rows of their own.
 * - `global-state`: `*.global.spec.ts`, tests that change what every visitor sees (e.g. the
 *   maintenance flag). It depends on `site`, so it starts only after every `site` test has
 *   finished, and runs one test at a time (workers: 1). If a `site` test fails, Playwright skips
 *   this project (reported as "did not run"). `npm test` therefore runs the two projects as two
 *   passes (`--project=site`, then `--project=global-state --no-deps`), so both always report.
 *
 * Retries are 0 everywhere, CI included: a retry would turn a flaky test green and hide it, and a
 * failing test keeps its trace (`retain-on-failure`) without one.
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './tests/support/chromium.ts';
import { stackEnvVar } from './tests/e2e/support/stack-info.ts';

/** Set in workers (global setup runs before they start); undefined while the runner loads the config. */
const stack = process.env[stackEnvVar] ? (JSON.parse(process.env[stackEnvVar]) as { webUrl: string }) : undefined;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/e2e-results',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Sized for 2 cores: the stack (PostgreSQL, PostgREST, the SSR server) shares the machine with the browsers.
  workers: Math.max(1, Math.min(2, availableParallelism())),
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
    { name: 'site', testIgnore: /\.global\.spec\.ts$/ },
    {
      name: 'global-state',
      testMatch: /\.global\.spec\.ts$/,
      dependencies: ['site'],
      workers: 1,
      fullyParallel: false,
    },
  ],
});
