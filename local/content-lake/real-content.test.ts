/**
 * The real seed in content/: it loads, every `_sanityAsset` became a reference to an asset
 * document, and every such asset's URL (original and a resized variant) answers 200.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentLake, type RunningContentLake } from './index.ts';
import { lakeClient } from './test-lake.ts';

const contentDir = join(import.meta.dirname, '..', '..', 'content');
const projectId = 'ascent';
const datasetName = 'production';

let lake: RunningContentLake;
beforeAll(async () => {
  lake = await startContentLake({ port: 0, contentDir, projectId, dataset: datasetName, onLog: () => undefined });
});
afterAll(() => lake?.stop());

/** Every value found under `key` anywhere in `value`. */
function collect(value: unknown, key: string, into: unknown[] = []): unknown[] {
  if (Array.isArray(value)) value.forEach((item) => collect(item, key, into));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, child] of Object.entries(value)) {
      if (k === key) into.push(child);
      collect(child, key, into);
    }
  }
  return into;
}

async function seedAssetSpecs(): Promise<string[]> {
  const names = (await readdir(contentDir)).filter((name) => name.endsWith('.ndjson'));
  const texts = await Promise.all(names.map((name) => readFile(join(contentDir, name), 'utf8')));
  const docs = texts.flatMap((text) =>
    text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as unknown),
  );
  return collect(docs, '_sanityAsset') as string[];
}

describe('the seed dataset in content/', () => {
  it('resolves every _sanityAsset to an asset whose URL answers 200', async () => {
    const specs = await seedAssetSpecs();
    expect(specs.length, 'content/*.ndjson should use _sanityAsset images').toBeGreaterThan(0);

    const client = lakeClient(lake.url, '2025-02-19', datasetName, projectId);
    const docs = await client.fetch<unknown[]>('*', {}, { perspective: 'raw' });
    expect(collect(docs, '_sanityAsset')).toEqual([]);

    const refs = (collect(docs, 'asset') as { _ref?: unknown }[])
      .map((asset) => asset._ref)
      .filter((ref): ref is string => typeof ref === 'string' && /^(image|file)-/.test(ref));
    expect(refs).toHaveLength(specs.length);

    const assets = await client.fetch<{ _id: string; url: string }[]>(
      '*[_type in ["sanity.imageAsset", "sanity.fileAsset"]]{_id, url}',
    );
    const urlById = new Map(assets.map((asset) => [asset._id, asset.url]));
    const missing = refs.filter((ref) => !urlById.has(ref));
    expect(missing, 'references without an asset document').toEqual([]);

    const urls = [...new Set(refs.map((ref) => urlById.get(ref) ?? ''))];
    const statuses = await Promise.all(
      urls
        .flatMap((url) => [url, `${url}?w=64&auto=format`])
        .map(async (url) => [url, (await fetch(url)).status] as const),
    );
    expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
  });
});
