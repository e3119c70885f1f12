/**
 * The maintenance 503 keeps the website's security headers (project `global-state`: it switches
 * maintenance on for everyone, on its own stack): the non-CSP headers, a CSP whose nonce is on each
 * of the maintenance page's scripts, and, in the browser, a maintenance page that runs without a
 * single violation (the `csp` guard of fixtures.ts).
 */
import { policyNonce, scriptNonces } from '../support/csp-nonce.ts';
import { expect, test } from './fixtures.ts';

test('the maintenance 503 carries the security headers and a CSP with its own nonce on every script', async ({
  request,
  page,
  setMaintenance,
}) => {
  await setMaintenance(true, { waitFor: ['/about'] });
  const response = await request.get('/about');
  expect(response.status()).toBe(503);
  const headers = response.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toMatch(/frame-ancestors 'none'/);
  const nonce = policyNonce(policy);
  expect(nonce).toBeTruthy();
  const nonces = scriptNonces(await response.text());
  expect(nonces.length).toBeGreaterThanOrEqual(3);
  expect(new Set(nonces)).toEqual(new Set([nonce]));

  // Route data under maintenance carries the non-CSP headers as well.
  const data = await request.get('/about.data');
  expect(data.headers()['x-content-type-options']).toBe('nosniff');
  expect(data.headers()['x-frame-options']).toBe('DENY');

  // In the browser the maintenance page (its own lazily loaded code) runs under the policy.
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
});
