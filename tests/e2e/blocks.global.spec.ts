/**
 * The live blocks' empty and error states, produced for real on the running stack (so this file
 * runs in the global-state project, one test at a time, on that project's own stack):
 * - empty: the Enterprise programs are unpublished through the service role, so the program list
 *   on /services/enterprise-development has no rows;
 * - error: anon loses SELECT on impact_metrics (as a broken grant or migration would do), so
 *   PostgREST answers 401 permission denied and the home page's stats block fails while the rest
 *   of the page, its other live lists included, still renders.
 * Each test restores what it changed, whatever happens. The server's page cache ignores query
 * parameters a page does not read, and keeps serving its last good copy while re-renders come out
 * degraded: a cookie keeps it out of the way (a request with one is rendered, never cached).
 */
import pg from 'pg';
import { expect, test } from './fixtures.ts';

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'e2e-uncached', value: '1', url: baseURL! }]);
});

test('a program list with no published programs shows its empty state', async ({ page, serviceRole }) => {
  const { data: hidden, error } = await serviceRole
    .from('training_programs')
    .update({ is_published: false })
    .eq('category', 'Enterprise')
    .eq('is_published', true)
    .select('id');
  expect(error).toBeNull();
  expect(hidden!.length).toBeGreaterThan(0);
  try {
    const response = await page.goto('/services/enterprise-development');
    expect(response?.status()).toBe(200);
    const programs = page.locator('#programs');
    await expect(programs.getByRole('status')).toContainText('There are no open Enterprise programmes at the moment.');
    await expect(programs.locator('li.program')).toHaveCount(0);
    await expect(programs.locator('.live-state--error')).toHaveCount(0);
  } finally {
    const restore = await serviceRole
      .from('training_programs')
      .update({ is_published: true })
      .in(
        'id',
        hidden!.map((row) => row.id as string),
      );
    expect(restore.error).toBeNull();
  }
});

test('a failed live read shows the block error state and leaves the page standing', async ({ page, stack }) => {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    await db.query('revoke select on table public.impact_metrics from anon');
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const stats = page.locator('.block-stats').first();
    await expect(stats.locator('.live-state--error')).toContainText('We couldn’t load our figures just now.');
    await expect(stats.locator('.stat')).toHaveCount(0);
    // Everything else still renders, other live lists included.
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('.block-service-list li.service-card').first()).toBeVisible();
    await expect(page.locator('#events li.event').first()).toBeVisible();
    await expect(page.locator('.block-call-to-action')).toBeVisible();
    // The failed read is the block's error state, not an uncaught error in the browser.
    await page.waitForLoadState('networkidle');
    expect(pageErrors).toEqual([]);
  } finally {
    await db.query('grant select on table public.impact_metrics to anon');
    await db.end();
  }
  await page.goto('/');
  await expect(page.locator('.block-stats .stat').first()).toBeVisible();
});
