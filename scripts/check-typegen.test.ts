/** The typegen check: the committed generated files match a fresh run, and an edited copy is caught. */
import { copyFileSync, mkdtempSync, appendFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED, generateIntoScratch, staleFiles } from './check-typegen.ts';

describe('check-typegen', () => {
  let outDir = '';
  const copies = mkdtempSync(join(tmpdir(), 'typegen-copies-'));
  beforeAll(async () => {
    outDir = await generateIntoScratch();
  }, 180_000);
  afterAll(() => {
    for (const dir of [outDir, copies]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds the committed schema.json and sanity.types.ts up to date', () => {
    expect(staleFiles(outDir)).toEqual([]);
  });

  it('reports an edited or missing generated file as stale', () => {
    const schema = join(copies, 'schema.json');
    const types = join(copies, 'sanity.types.ts');
    copyFileSync(GENERATED['schema.json'], schema);
    copyFileSync(GENERATED['sanity.types.ts'], types);
    expect(staleFiles(outDir, { 'schema.json': schema, 'sanity.types.ts': types })).toEqual([]);

    appendFileSync(types, 'export type HandWritten = string;\n');
    expect(staleFiles(outDir, { 'schema.json': schema, 'sanity.types.ts': types })).toEqual([
      expect.stringMatching(/sanity\.types\.ts$/),
    ]);
    expect(staleFiles(outDir, { 'schema.json': join(copies, 'gone.json') })).toHaveLength(1);
  });
});
