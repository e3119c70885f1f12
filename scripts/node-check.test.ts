/** The too-old-Node guard: a clear sentence for each case a user can hit, silence when all is well. */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, 'node-check.cjs');
const { problem } = createRequire(import.meta.url)(script) as {
  problem(mode: 'install' | 'run', nodeVersion: string, npmUserAgent?: string): string | undefined;
};

describe('install', () => {
  it('lets Node 20 with npm 11 install (npm install then brings Node 24)', () => {
    expect(problem('install', '20.20.2', 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false')).toBeUndefined();
  });

  it('explains what to do on a Node too old to install at all', () => {
    const sentence = problem('install', '16.20.2', 'npm/8.19.4 node/v16.20.2 linux x64 workspaces/false');
    expect(sentence).toBe(
      'Ascent needs Node 18 or newer with npm 9 or newer to install (npm install then fetches the Node 24 it runs on); ' +
        'this is Node 16.20.2 with npm 8.19.4: install a current Node.js LTS, then run `npm install` again.',
    );
  });

  it('refuses an npm too old for workspaces and lockfile v3 even on a recent Node', () => {
    expect(problem('install', '18.20.0', 'npm/8.1.0 node/v18.20.0 linux x64')).toMatch(/with npm 8\.1\.0:/);
  });
});

describe('run', () => {
  it('is silent on the Node 24 from node_modules', () => {
    expect(problem('run', '24.21.0')).toBeUndefined();
  });

  it('explains a missing Node 24 (an install with --ignore-scripts) instead of ERR_UNKNOWN_FILE_EXTENSION', () => {
    expect(problem('run', '20.20.2')).toBe(
      'Ascent runs on the Node 24 that `npm install` puts in node_modules/.bin, but this is Node 20.20.2: ' +
        'run `npm install` (without --ignore-scripts), then this command again.',
    );
  });

  it('exits 0 and prints nothing when run by the Node npm scripts use', () => {
    const result = spawnSync(process.execPath, [script, 'run'], { encoding: 'utf8' });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
  });
});
