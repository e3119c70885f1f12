/**
 * `node scripts/check-bundle-budget.ts [--url http://127.0.0.1:3000] [path ...]`: loads each public
 * route (or the given paths) in Chromium, adds up the gzip size of every JavaScript response until
 * the network is idle, prints the figures per page and exits 1 when a page is over 118 KiB.
 * Without --url it starts the whole stack on free ports and stops it afterwards. `npm test` runs
 * the same check as tests/e2e/js-budget.spec.ts.
 */
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../tests/support/chromium.ts';
import { BUDGET_PATHS } from '../tests/support/public-routes.ts';
import { siteForScript } from '../tests/support/test-stack.ts';
import { formatCost, formatScripts, JS_BUDGET_BYTES, measurePageJs, type PageJsCost } from '../tests/perf/js-budget.ts';
import { commandLine } from './command-line.ts';

const usage = `usage: node scripts/check-bundle-budget.ts [--url URL] [path ...]
  --url     measure the site at URL (default: start the stack)
  path ...  only these paths (default: every public route)`;
const { values, positionals } = commandLine(usage, { options: { url: { type: 'string' } }, allowPositionals: true });
const paths = positionals.length ? positionals : BUDGET_PATHS;

const site = await siteForScript(values.url);
const baseURL = site.baseUrl;

const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags], headless: true });
const costs: PageJsCost[] = [];
try {
  console.log(`JavaScript per page at ${baseURL} (budget ${(JS_BUDGET_BYTES / 1024).toFixed(0)} KiB gzip):`);
  for (const path of paths) {
    // A fresh context per page: nothing cached, as for a first visit.
    const context = await browser.newContext({ baseURL });
    const cost = await measurePageJs(await context.newPage(), path);
    await context.close();
    costs.push(cost);
    console.log(formatCost(cost));
  }
} finally {
  await browser.close();
  await site.stop();
}

const over = costs.filter((cost) => cost.gzipBytes > JS_BUDGET_BYTES);
const largest = costs.reduce((max, cost) => Math.max(max, cost.gzipBytes), 0);
console.log(`\nLargest page: ${(largest / 1024).toFixed(1)} KiB gzip; ${over.length} of ${costs.length} over budget.`);
for (const cost of over) console.log(`\n${cost.path}:\n${formatScripts(cost)}`);
process.exit(over.length ? 1 : 0);
