/**
 * The JavaScript each public route loads stays within the 118 KiB gzip budget (tests/perf/js-budget.ts);
 * `node scripts/check-bundle-budget.ts` prints the same figures and exits 1 above it. The public
 * routes include /cart, /checkout and a program page; an order's confirmation needs a token, so
 * its page is measured with an order placed here.
 */
import type { Page, TestInfo } from '@playwright/test';
import { BUDGET_PATHS } from '../support/public-routes.ts';
import { formatCost, formatScripts, JS_BUDGET_BYTES, measurePageJs } from '../perf/js-budget.ts';
import { expect, test } from './fixtures.ts';
import { allowManyOrders, placeOrder } from './support/orders.ts';

async function expectWithinBudget(page: Page, path: string, testInfo: TestInfo) {
  const cost = await measurePageJs(page, path);
  const line = formatCost(cost);
  testInfo.annotations.push({ type: 'js-budget', description: line });
  expect(cost.status, `${path} answers`).toBe(200);
  expect(cost.scripts.length, 'the page loads its scripts').toBeGreaterThan(0);
  expect(cost.gzipBytes, `${line}\n${formatScripts(cost)}`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
}

for (const path of BUDGET_PATHS) {
  test(`${path} loads at most 118 KiB of JavaScript (gzip)`, async ({ page }, testInfo) => {
    await expectWithinBudget(page, path, testInfo);
  });
}

test('an order’s confirmation page loads at most 118 KiB of JavaScript (gzip)', async ({ page, stack }, testInfo) => {
  await allowManyOrders(stack);
  const { token } = await placeOrder(stack);
  await expectWithinBudget(page, `/order-confirmation?token=${token}`, testInfo);
});

test('pages get React Router’s production build, without its development warnings', async ({ page }) => {
  const cost = await measurePageJs(page, '/about');
  const bodies = await Promise.all(cost.scripts.map(async ({ url }) => (await page.request.get(url)).text()));
  expect(bodies.some((body) => body.includes('createBrowserRouter') || body.includes('RouterProvider'))).toBe(true);
  // A development-only warning of React Router's (web/vite/react-router-production.ts).
  expect(bodies.filter((body) => body.includes('You rendered descendant <Routes>'))).toEqual([]);
});
