/**
 * `npm run soak` in its short form (a few clients, seconds instead of minutes): every phase runs,
 * every check passes, and the writes are counted in the database. About two minutes.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../local/env.ts';

function soak(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'soak.ts'), ...args], { cwd: repoRoot });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('npm run soak', () => {
  it('refuses a bad option with its usage', async () => {
    const { code, output } = await soak(['--duration', 'soon']);
    expect(code).toBe(2);
    expect(output).toMatch(/--duration must be a whole number[\s\S]*usage: npm run soak/);
  });

  it(
    'survives every fault of its short run, and counts each acknowledged write once',
    { timeout: 400_000 },
    async () => {
      const { code, output } = await soak([
        '--duration',
        '5',
        '--clients',
        '10',
        '--fault-clients',
        '5',
        '--outage',
        '5',
        '--db-down',
        '3',
        // The campaign phase (minutes: the killed worker's lease runs 120 s) is the integration
        // test tests/integration/newsletter-campaign-crash.test.ts in small.
        '--subscribers',
        '0',
      ]);
      expect(output, output).toMatch(/Soak: \d+ checks passed, 0 failed/);
      expect(code).toBe(0);
      for (const phase of [
        'steady:',
        'PostgreSQL down:',
        'after restart:',
        'content API refusing:',
        'content API silent:',
      ])
        expect(output).toContain(phase);
      expect(output).toMatch(/order: \d+ acknowledged, 0 lost, 0 stored twice/);
    },
  );
});
