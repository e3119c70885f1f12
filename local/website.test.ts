import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './env.ts';
import { websiteBuildInputs, websiteBuildIsStale } from './website.ts';

/** A repository-shaped folder with one file per build input and a build made after them. */
function fakeRepo(): string {
  const root = mkdtempSync(join(tmpdir(), 'ascent-staleness-'));
  const files = [
    'web/app/root.tsx',
    'web/vite/chunk-groups.ts',
    'web/vite.config.ts',
    'web/react-router.config.ts',
    'web/package.json',
    'web/tsconfig.json',
    'package-lock.json',
    'web/build/server/index.js',
  ];
  const past = new Date(Date.now() - 60_000);
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), '');
  }
  // Folders count too (an added or removed file changes its folder's mtime): all in the past.
  for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' }))
    utimesSync(join(root, entry), past, past);
  const built = new Date(Date.now() - 30_000);
  utimesSync(join(root, 'web/build/server/index.js'), built, built);
  return root;
}

function touch(root: string, file: string): void {
  const now = new Date();
  utimesSync(join(root, file), now, now);
}

describe('websiteBuildIsStale', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
  const repo = () => {
    const root = fakeRepo();
    roots.push(root);
    return root;
  };

  it('is fresh when nothing changed after the build, and stale without a build', () => {
    const root = repo();
    expect(websiteBuildIsStale(root)).toBe(false);
    rmSync(join(root, 'web/build'), { recursive: true });
    expect(websiteBuildIsStale(root)).toBe(true);
  });

  it.each([
    'web/vite/chunk-groups.ts',
    'web/package.json',
    'web/tsconfig.json',
    'web/app/root.tsx',
    'package-lock.json',
  ])('is stale once %s changed after the build', (file) => {
    const root = repo();
    touch(root, file);
    expect(websiteBuildIsStale(root)).toBe(true);
  });

  it('is stale when a file is added to an input folder', () => {
    const root = repo();
    writeFileSync(join(root, 'web/vite/new-plugin.ts'), '');
    expect(websiteBuildIsStale(root)).toBe(true);
  });

  it('lists every input of the real web/ folder (all but outputs, the unbuilt server and the benchmark)', () => {
    const notInputs = new Set(['build', 'node_modules', '.react-router', 'server', 'bench']);
    const entries = readdirSync(join(repoRoot, 'web')).filter((name) => !notInputs.has(name));
    expect(entries.length).toBeGreaterThan(0);
    for (const name of entries) expect(websiteBuildInputs).toContain(`web/${name}`);
  });
});
