/**
 * The Content-Security-Policy in a real browser: the site and the admin run (hydrate, stream their
 * live rows, sign in, talk to Supabase) with it on, every test in this suite fails on a violation
 * (the `csp` guard of fixtures.ts), and a page that breaks the policy is caught, not run.
 */
import type { Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated, openHydrated } from './support/hydrated.ts';
import { signInAsStaff } from './support/staff.ts';

/** Serves the real page with a script the server never sent (so without its nonce) in its head. */
async function injectInlineScript(route: Route): Promise<void> {
  const response = await route.fetch();
  const html = (await response.text()).replace('</head>', '<script>window.injectedRan = true</script></head>');
  const headers = { ...response.headers() };
  delete headers['content-encoding'];
  delete headers['content-length'];
  await route.fulfill({ response, headers, body: html });
}

test('a page with an inline script that lacks the nonce: the script is blocked and the guard reports it', async ({
  page,
  csp,
}) => {
  await page.route('**/about', injectInlineScript);
  await openHydrated(page, '/about');
  // The page's own scripts ran (it hydrated); the injected one did not.
  expect(await page.evaluate(() => 'injectedRan' in window)).toBe(false);
  await expect.poll(() => csp.violations.map((violation) => violation.directive)).toContain('script-src-elem');
  // Undeclared, this violation is what fails a test at its end...
  expect(csp.problems()).toEqual([
    expect.stringMatching(/^CSP violation: script-src-elem blocked inline on .*\/about/),
  ]);
  // ...declared, it is required instead, and the test passes.
  csp.expectViolation('script-src-elem');
  expect(csp.problems()).toEqual([]);
});

test('a test that expects a violation which never happens fails', async ({ page, csp }) => {
  csp.expectViolation('script-src-elem');
  await openHydrated(page, '/about');
  expect(csp.problems()).toEqual(['expected a CSP violation of script-src-elem, none was reported']);
  // The guard checks at the test's end: this test must not leave the problem behind.
  await page.route('**/about', injectInlineScript);
  await page.reload();
  await expect.poll(() => csp.problems()).toEqual([]);
});

test('the public site runs with the policy on: theme script, hydration, streamed live rows, images', async ({
  page,
  setTheme,
}) => {
  await setTheme(page, 'dark');
  const errors: string[] = [];
  page.on('console', (message) => {
    // A missing resource (the favicon, until there is one) is not what this test is about.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(`${page.url()}: ${message.text()}`);
  });
  // React reports a hydration mismatch it recovered from as an uncaught error.
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const path of ['/', '/about', '/training', '/events', '/media', '/contact', '/cart', '/checkout']) {
    await openHydrated(page, path);
    // The theme boot script is inline: it ran only because it carries the nonce.
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.waitForLoadState('networkidle');
  }
  // A client-side navigation loads the next route's modules and data under the same policy.
  await page.getByRole('navigation', { name: 'Quick Links' }).getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.waitForLoadState('networkidle');
  // Hydration found nothing to complain about: not the nonces the browser hides, not React's bootstrap script.
  expect(errors).toEqual([]);
});

test('the admin runs with the policy on: sign-in through Supabase auth, then its pages', async ({ page }) => {
  await signInAsStaff(page);
  for (const name of ['Orders', 'Events', 'Training programs']) {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
  // Reloaded, the modules come from the cache and run at once: still nothing runs before the policy allows it.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
});
