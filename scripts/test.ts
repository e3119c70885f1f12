/**
 * `npm test`: every check and one closing count. The static checks (types, `deno check` of the edge
 * functions, lint, the Studio build) run side by side, each single-threaded and light, their output
 * shown whole as each ends; then vitest (unit + integration against the real stack), then
 * Playwright (tests/e2e in Chromium against the whole stack, website included). Each step's wall
 * time is printed as it ends and again in a summary before the closing line `Tests: N passed, N failed`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../local/env.ts';

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
}

const vitestReport = join(repoRoot, '.tmp', 'vitest-report.json');
/** Written by the JSON reporter configured in playwright.config.ts (file named by ASCENT_E2E_REPORT). */
const playwrightReport = join(repoRoot, '.tmp', 'playwright-report.json');

/** Independent and light on CPU: run together, they take about as long as the slowest alone. */
const staticChecks: Step[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  // The edge functions as they deploy: Deno's type checker with each function's import map.
  { name: 'deno check (edge functions)', command: 'npm', args: ['run', '--silent', 'check:functions'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  // sanity build exits 0 even with an invalid schema: vitest runs `sanity schema validate` too.
  { name: 'Sanity Studio build', command: 'npm', args: ['run', '--silent', 'build', '-w', 'studio'] },
];

const vitest: Step = {
  name: 'vitest (unit + integration)',
  command: 'npx',
  args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
};

// Both projects in one run: `global-state` has a stack of its own and runs beside `site`, and a
// failing test in one never keeps the other from running.
const playwright: Step = {
  name: 'playwright (e2e: site + global-state)',
  command: 'npx',
  args: ['playwright', 'test'],
  env: { ASCENT_E2E_REPORT: playwrightReport },
};

const childEnv = (step: Step) => ({ ...process.env, SANITY_TELEMETRY_DISABLED: '1', ...step.env });

function finished(step: Step, started: number, ok: boolean): StepResult {
  const seconds = (Date.now() - started) / 1000;
  console.log(ok ? `✔ ${step.name} (${seconds.toFixed(1)} s)` : `✖ ${step.name} failed (${seconds.toFixed(1)} s)`);
  return { name: step.name, ok, seconds };
}

/** Runs a step with its output on the terminal as it comes. */
function runStreamed(step: Step): Promise<StepResult> {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: repoRoot, stdio: 'inherit', env: childEnv(step) });
    child.once('error', (error) => {
      console.error(`${step.name}: ${error.message}`);
      resolve(finished(step, started, false));
    });
    child.once('close', (code) => resolve(finished(step, started, code === 0)));
  });
}

/** Runs a step with its output held back and printed whole when it ends, so parallel steps do not interleave. */
function runBuffered(step: Step): Promise<StepResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const output: Buffer[] = [];
    const child = spawn(step.command, step.args, {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childEnv(step),
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const end = (ok: boolean, note = '') => {
      console.log(`\n▶ ${step.name}`);
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      if (text) console.log(text);
      if (note) console.error(note);
      resolve(finished(step, started, ok));
    };
    child.once('error', (error) => end(false, `${step.name}: ${error.message}`));
    child.once('close', (code) => end(code === 0));
  });
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
}

/** Playwright's JSON reporter: `expected` passed, `unexpected` failed, `flaky` passed only on a retry. */
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

function readCounts(): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  if (existsSync(vitestReport)) {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8')) as VitestReport;
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  if (existsSync(playwrightReport)) {
    const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8')) as PlaywrightReport;
    // A flaky pass still needed a retry: count it as a failure so it gets looked at.
    passed += stats.expected;
    failed += stats.unexpected + stats.flaky;
  }
  return { passed, failed };
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
rmSync(vitestReport, { force: true });
rmSync(playwrightReport, { force: true });

const began = Date.now();
const results: StepResult[] = [];
console.log(`▶ ${staticChecks.map((step) => step.name).join(', ')} (side by side)`);
const staticStarted = Date.now();
results.push(...(await Promise.all(staticChecks.map(runBuffered))));
const staticSeconds = (Date.now() - staticStarted) / 1000;
results.push(await runStreamed(vitest));
results.push(await runStreamed(playwright));
const totalSeconds = (Date.now() - began) / 1000;

const rows: Array<[string, string]> = [
  ...results.map((result): [string, string] => [
    `${result.ok ? '✔' : '✖'} ${result.name}`,
    `${result.seconds.toFixed(1)} s`,
  ]),
  ['  static checks, side by side', `${staticSeconds.toFixed(1)} s`],
  ['  total', minutes(totalSeconds)],
];
const width = Math.max(...rows.map(([label]) => label.length));
console.log('\nWall time per step:');
for (const [label, time] of rows) console.log(`  ${label.padEnd(width)} ${time.padStart(8)}`);

const failedSteps = results.filter((result) => !result.ok).map((result) => result.name);
const counts = readCounts();
// A failed step counts as a failure too (a crashed run may leave no report), so the closing line never reads all-green.
const failed = counts.failed + failedSteps.length;
console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(', ')}` : '\nAll steps passed.');
console.log(`Tests: ${counts.passed} passed, ${failed} failed`);
process.exit(failed === 0 && counts.passed > 0 ? 0 : 1);
