/**
 * `npm test`: every check, in order, and one closing count. Static checks first (types, lint,
 * the Studio schema, generated types), then vitest (unit + integration against the real stack),
 * then Playwright (tests/e2e in Chromium against the whole stack, website included).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../local/env.ts';

interface Step {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
}

const reportFile = join(repoRoot, '.tmp', 'vitest-report.json');
/** Written by the JSON reporter configured in playwright.config.ts (file named by ASCENT_E2E_REPORT). */
const playwrightReports = {
  site: join(repoRoot, '.tmp', 'playwright-site.json'),
  globalState: join(repoRoot, '.tmp', 'playwright-global-state.json'),
};

const steps: Step[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  // sanity build exits 0 even with an invalid schema: vitest runs `sanity schema validate` too.
  { name: 'Sanity Studio build', command: 'npm', args: ['run', '--silent', 'build', '-w', 'studio'] },
  {
    name: 'vitest (unit + integration)',
    command: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`],
  },
  // Two passes: `global-state` depends on `site`, so in one run a single failing `site` test would
  // leave the global-state tests unrun. Run separately (--no-deps), both always report.
  {
    name: 'playwright (e2e, project site)',
    command: 'npx',
    args: ['playwright', 'test', '--project=site'],
    env: { ASCENT_E2E_REPORT: playwrightReports.site },
  },
  {
    name: 'playwright (e2e, project global-state)',
    command: 'npx',
    args: ['playwright', 'test', '--project=global-state', '--no-deps'],
    env: { ASCENT_E2E_REPORT: playwrightReports.globalState },
  },
];

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
}

/** Playwright's JSON reporter: `expected` passed, `unexpected` failed, `flaky` passed only on a retry. */
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

function readCounts(): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  if (existsSync(reportFile)) {
    const vitest = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport;
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
  }
  for (const file of Object.values(playwrightReports)) {
    if (!existsSync(file)) continue;
    const { stats } = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightReport;
    // A flaky pass still needed a retry: count it as a failure so it gets looked at.
    passed += stats.expected;
    failed += stats.unexpected + stats.flaky;
  }
  return { passed, failed };
}

mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
rmSync(reportFile, { force: true });
for (const file of Object.values(playwrightReports)) rmSync(file, { force: true });
const failedSteps: string[] = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const result = spawnSync(step.command, step.args, {
    cwd: step.cwd ?? repoRoot,
    stdio: 'inherit',
    env: { ...process.env, SANITY_TELEMETRY_DISABLED: '1', ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) console.log(`✔ ${step.name} (${seconds} s)`);
  else {
    console.log(`✖ ${step.name} failed (${seconds} s)`);
    failedSteps.push(step.name);
  }
}

const counts = readCounts();
const passed = counts.passed;
// A failed step counts as a failure too (a crashed run may leave no report), so the closing line never reads all-green.
const failed = counts.failed + failedSteps.length;
console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(', ')}` : '\nAll steps passed.');
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
