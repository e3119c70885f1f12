/** Reloading: on demand and on file changes; a broken file names its lines and the previous dataset keeps serving. */
import { appendFile, copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatasetError, startContentLake } from './index.ts';
import { dataset, fixturesDir, projectId, startTestLake, type TestLake } from './test-lake.ts';

let t: TestLake | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const line = (doc: Record<string, unknown>): string => `${JSON.stringify(doc)}\n`;
const pageCount = (lake: TestLake): Promise<number> => lake.client.fetch<number>('count(*[_type == "page"])');

/** Polls until `check` passes: file-system events arrive asynchronously. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('reload', () => {
  it('re-reads the folder on demand', async () => {
    t = await startTestLake();
    expect(await pageCount(t)).toBe(2);
    await appendFile(join(t.dir, 'dataset.ndjson'), line({ _id: 'page-contact', _type: 'page', title: 'Contact' }));
    expect(await pageCount(t)).toBe(2);
    await t.lake.reload();
    expect(await pageCount(t)).toBe(3);
  });

  it('picks up new NDJSON files and images by itself when watching', async () => {
    t = await startTestLake({ watch: true });
    await copyFile(join(fixturesDir, 'images/photo.png'), join(t.dir, 'images/photo-copy.png'));
    const doc = {
      _id: 'page-gallery',
      _type: 'page',
      title: 'Gallery',
      image: { _type: 'image', _sanityAsset: 'image@file://./images/logo.svg' },
    };
    await writeFile(join(t.dir, 'more.ndjson'), line(doc));
    const lake = t;
    await eventually(async () => (await pageCount(lake)) === 3);
    const url = await lake.client.fetch<string>('*[_id == "page-gallery"][0].image.asset->url');
    expect((await fetch(url)).status).toBe(200);
    expect(lake.logs.some((entry) => entry.startsWith('reloaded'))).toBe(true);
  });

  it('keeps serving the previous dataset when a line is corrupt, naming file and line', async () => {
    t = await startTestLake({ watch: true });
    const file = join(t.dir, 'dataset.ndjson');
    const good = await readFile(file, 'utf8');
    const lines = good.trimEnd().split('\n');
    lines.splice(2, 0, '{"_id": "broken", "_type": "page", "title": }');
    await writeFile(file, `${lines.join('\n')}\n`);

    const error = await t.lake.reload().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatasetError);
    expect((error as DatasetError).message).toMatch(/dataset\.ndjson:3: invalid JSON/);
    expect(await pageCount(t)).toBe(2);
    const lake = t;
    await eventually(async () =>
      lake.logs.some((entry) => entry.includes('reload failed, still serving the previous dataset')),
    );

    await writeFile(file, good);
    await t.lake.reload();
    expect(await pageCount(t)).toBe(2);
  });

  it('reports missing asset files, missing _type and duplicate ids by file and line', async () => {
    t = await startTestLake();
    await appendFile(
      join(t.dir, 'dataset.ndjson'),
      line({
        _id: 'page-x',
        _type: 'page',
        image: { _type: 'image', _sanityAsset: 'image@file://./images/missing.jpg' },
      }) +
        line({ _id: 'no-type' }) +
        line({ _id: 'page-about', _type: 'page' }),
    );
    const error = (await t.lake.reload().catch((e: unknown) => e)) as DatasetError;
    expect(error.problems).toEqual([
      expect.stringMatching(/dataset\.ndjson:9: document has no _type$/),
      expect.stringMatching(/dataset\.ndjson:10: duplicate _id "page-about" \(first at .*dataset\.ndjson:5\)$/),
      expect.stringMatching(/dataset\.ndjson:8 \(image\): asset .*images\/missing\.jpg: file not found$/),
    ]);
    expect(await pageCount(t)).toBe(2);
  });

  it('refuses to start on a broken dataset, saying why', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'content-lake-broken-'));
    try {
      await writeFile(join(dir, 'seed.ndjson'), `${line({ _id: 'a', _type: 'page' })}not json\n`);
      await expect(
        startContentLake({ port: 0, contentDir: dir, projectId, dataset, onLog: () => undefined }),
      ).rejects.toThrow(/seed\.ndjson:2: invalid JSON/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
