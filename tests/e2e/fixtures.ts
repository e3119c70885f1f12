/**
 * Playwright fixtures for the Ascent e2e suite. Import `test` and `expect` from here, never from
 * '@playwright/test' directly:
 *
 *   import { expect, test } from './fixtures.ts';
 *
 * Worker fixtures (one per worker process):
 * - `stack: StackInfo` — the stack the tests run against: `webUrl`, `apiUrl`, `anonKey`,
 *   `serviceRoleKey`, `jwtSecret`, `databaseUrl` (as `postgres`, not a superuser), `adminDatabaseUrl`
 *   (supabase_admin), `mailApiUrl`, `contentUrl`, and
 *   `sanity: {projectId, dataset, apiVersion}`. `baseURL` is `stack.webUrl`, so
 *   `page.goto('/about')` and `request.get('/about')` reach the website. It is the stack started
 *   by global setup, shared by every worker, unless the project sets the option `ownStack: true`
 *   (project `global-state`): then the worker starts a stack of its own and stops it at its end.
 * - `sanity: SanityClient` — @sanity/client on the content lake (published perspective, no CDN):
 *   read expected copy from the dataset instead of hard-coding strings.
 * - `serviceRole: SupabaseClient<Database>` — supabase-js with the service_role key (bypasses RLS), for
 *   arranging data. Tests in the `site` project may only touch rows they create themselves.
 *
 * Test fixtures:
 * - `setMaintenance(active: boolean, options?: { waitFor?: string[] })` — writes
 *   site_settings.maintenance_mode = {is_active} through the service role, then waits (up to 20 s)
 *   until the website answers accordingly (503 maintenance page, or not 503) on a cache-busting URL
 *   and on each path of `waitFor` (default ['/']): the server reads the flag for every request, so
 *   this is at once. If the test leaves maintenance on, it is switched off again afterwards.
 *   Global state: use it only in `*.global.spec.ts` files (project `global-state`: its own stack,
 *   one test at a time; see playwright.config.ts).
 * - `csp: CspGuard` — every page of the test's `context` (so `page` too) is watched for
 *   Content-Security-Policy violations, and the test fails at its end if there was any
 *   (tests/e2e/support/csp-guard.ts). A test that breaks the policy on purpose calls
 *   `csp.expectViolation(directive)`; that violation must then happen. Contexts a test makes
 *   itself (`browser.newContext()`) are guarded with `guardCsp(context)`.
 * - `setTheme(page: Page, theme: 'dark' | 'light')` — stores `theme` in localStorage before the
 *   page's next navigation (an init script that runs once per tab, so a reload keeps whatever the
 *   app stored since). Call it before `page.goto`. Also exported as a plain function.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { createClient as createSanityClient, type SanityClient } from '@sanity/client';
import { createClient as createSupabaseClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../supabase/database.types.ts';
import { logProblems, startTestStack } from '../support/test-stack.ts';
import { assertNoCspProblems, guardCsp, type CspGuard } from './support/csp-guard.ts';
import { stackInfo, type StackInfo } from './support/stack-info.ts';

export type Theme = 'dark' | 'light';

export interface MaintenanceOptions {
  /** Paths that must answer in the new mode before the call returns (default ['/']). */
  waitFor?: string[];
}

interface TestFixtures {
  csp: CspGuard;
  setMaintenance: (active: boolean, options?: MaintenanceOptions) => Promise<void>;
  setTheme: (page: Page, theme: Theme) => Promise<void>;
}

/** Worker options a project may set in playwright.config.ts. */
export interface StackOptions {
  /** This worker starts a stack of its own instead of sharing global setup's (default false). */
  ownStack: boolean;
}

interface WorkerFixtures extends StackOptions {
  stack: StackInfo;
  sanity: SanityClient;
  serviceRole: SupabaseClient<Database>;
}

/** Stores the theme preference before the page's next navigation (once per tab; reloads keep later changes). */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript((value) => {
    try {
      if (sessionStorage.getItem('e2e-theme-seeded') === value) return;
      localStorage.setItem('theme', value);
      sessionStorage.setItem('e2e-theme-seeded', value);
    } catch {
      // about:blank and other opaque origins have no storage; the next real document gets it.
    }
  }, theme);
}

async function writeMaintenance(client: SupabaseClient<Database>, active: boolean): Promise<void> {
  const { error } = await client
    .from('site_settings')
    .upsert({ setting_key: 'maintenance_mode', setting_value: { is_active: active } }, { onConflict: 'setting_key' });
  if (error) throw new Error(`setting maintenance_mode failed: ${error.message}`);
}

async function waitForMaintenance(webUrl: string, active: boolean, paths: string[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  const urls = [`${webUrl}/?e2e-maintenance=${Date.now()}`, ...paths.map((path) => new URL(path, webUrl).href)];
  for (const url of urls) {
    for (;;) {
      const { status } = await fetch(url, { redirect: 'manual' });
      if ((status === 503) === active) break;
      if (Date.now() > deadline)
        throw new Error(`${url} still answers ${status} 20 s after maintenance ${active ? 'on' : 'off'}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The guard of each test's context, for its `csp` fixture. */
const cspGuards = new WeakMap<object, CspGuard>();

export const test = base.extend<TestFixtures, WorkerFixtures>({
  context: async ({ context }, use) => {
    const guard = await guardCsp(context);
    cspGuards.set(context, guard);
    await use(context);
    assertNoCspProblems(guard);
  },
  csp: async ({ context }, use) => {
    const guard = cspGuards.get(context);
    if (!guard) throw new Error('the context fixture did not start a CSP guard');
    await use(guard);
  },
  ownStack: [false, { scope: 'worker', option: true }],
  stack: [
    async ({ ownStack }, use) => {
      if (!ownStack) {
        await use(stackInfo());
        return;
      }
      const own = await startTestStack({ log: logProblems('  [own stack] ') });
      try {
        await use(own.info);
      } finally {
        await own.stop();
      }
    },
    // Starting a stack takes a few seconds (longer when the machine is busy): not the first test's time.
    { scope: 'worker', timeout: 120_000 },
  ],
  sanity: [
    async ({ stack }, use) => {
      await use(
        createSanityClient({
          projectId: stack.sanity.projectId,
          dataset: stack.sanity.dataset,
          apiVersion: stack.sanity.apiVersion,
          apiHost: stack.contentUrl,
          useProjectHostname: false,
          useCdn: false,
          perspective: 'published',
        }),
      );
    },
    { scope: 'worker' },
  ],
  serviceRole: [
    async ({ stack }, use) => {
      await use(
        createSupabaseClient<Database>(stack.apiUrl, stack.serviceRoleKey, {
          auth: { persistSession: false, autoRefreshToken: false },
        }),
      );
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, use) => {
    await use(stack.webUrl);
  },
  setMaintenance: async ({ stack, serviceRole }, use) => {
    let leftOn = false;
    await use(async (active, options = {}) => {
      await writeMaintenance(serviceRole, active);
      leftOn = active;
      await waitForMaintenance(stack.webUrl, active, options.waitFor ?? ['/']);
    });
    if (leftOn) {
      await writeMaintenance(serviceRole, false);
      await waitForMaintenance(stack.webUrl, false, ['/']);
    }
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright requires an object pattern here.
  setTheme: async ({}, use) => {
    await use(setTheme);
  },
});

export { expect };
export type { StackInfo };
