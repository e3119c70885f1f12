/**
 * `npm test`: every check, in order, and one closing count. Static checks first (types, lint,
 * the Studio schema, generated types), then vitest (unit + integration against the real stack).
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
}

const reportFile = join(repoRoot, '.tmp', 'vitest-report.json');

const steps: Step[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  {
    name: 'vitest (unit + integration)',
    command: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`],
  },
];

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
}

function readCounts(): VitestReport | undefined {
  if (!existsSync(reportFile)) return undefined;
  return JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport;
}

mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
rmSync(reportFile, { force: true });
const failedSteps: string[] = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const result = spawnSync(step.command, step.args, { cwd: step.cwd ?? repoRoot, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) console.log(`✔ ${step.name} (${seconds} s)`);
  else {
    console.log(`✖ ${step.name} failed (${seconds} s)`);
    failedSteps.push(step.name);
  }
}

const counts = readCounts();
const passed = counts?.numPassedTests ?? 0;
// A failed static step counts as a failure too, so the closing line never reads all-green.
const failed = (counts?.numFailedTests ?? 0) + failedSteps.length;
console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(', ')}` : '\nAll steps passed.');
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
