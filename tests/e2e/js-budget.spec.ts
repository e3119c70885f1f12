/**
 * The JavaScript each public route loads stays within the 120 KiB gzip budget (tests/perf/js-budget.ts);
 * `node scripts/check-bundle-budget.ts` prints the same figures and exits 1 above it.
 */
import { PUBLIC_PATHS } from '../support/public-routes.ts';
import { formatCost, formatScripts, JS_BUDGET_BYTES, measurePageJs } from '../perf/js-budget.ts';
import { expect, test } from './fixtures.ts';

for (const path of PUBLIC_PATHS) {
  test(`${path} loads at most 120 KiB of JavaScript (gzip)`, async ({ page }, testInfo) => {
    const cost = await measurePageJs(page, path);
    const line = formatCost(cost);
    testInfo.annotations.push({ type: 'js-budget', description: line });
    expect(cost.scripts.length, 'the page loads its scripts').toBeGreaterThan(0);
    expect(cost.gzipBytes, `${line}\n${formatScripts(cost)}`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });
}
