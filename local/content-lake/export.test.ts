/**
 * The export: an unedited seed comes back byte for byte; edits made through the lake (a published
 * heading, an uploaded image placed in a block) come back in the seed's format, which the site's own
 * validator accepts and a fresh lake loads; drafts stay out.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { validateContent } from '../../scripts/content-check/validate.ts';
import { exportDataset } from './export-dataset.ts';
import { startContentLake, type RunningContentLake } from './index.ts';
import { lakeClient } from './test-lake.ts';

const contentDir = resolve(import.meta.dirname, '../../content');
const site = { projectId: 'ascent', dataset: 'production' };
const lakes: RunningContentLake[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const lake of lakes.splice(0)) await lake.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

async function lakeOn(dir: string, dataDir: string): Promise<RunningContentLake> {
  const lake = await startContentLake({ port: 0, contentDir: dir, dataDir, ...site, onLog: () => {} });
  lakes.push(lake);
  return lake;
}

describe('export', () => {
  it('writes an unedited seed back exactly as it was', async () => {
    const out = scratch('lake-export-');
    const report = await exportDataset({ contentDir, dataDir: scratch('lake-data-'), ...site, outDir: out });
    expect(report.changed).toEqual([]);
    expect(readFileSync(join(out, 'production.ndjson'), 'utf8')).toBe(
      readFileSync(join(contentDir, 'production.ndjson'), 'utf8'),
    );
  });

  it("leaves documents under a private path (the scheduled-publishing worker's schedules) out", async () => {
    const dataDir = scratch('lake-data-');
    const lake = await lakeOn(contentDir, dataDir);
    const client = lakeClient(lake.url, '2025-02-19', site.dataset, site.projectId, lake.token);
    await client.create({
      _id: 'schedules.s1',
      _type: 'publishSchedule',
      documentId: 'page-about',
      state: 'scheduled',
    });
    await lake.stop();
    lakes.pop();
    const out = scratch('lake-export-');
    const report = await exportDataset({ contentDir, dataDir, ...site, outDir: out });
    expect(report.changed).toEqual([]);
    expect(readFileSync(report.file, 'utf8')).toBe(readFileSync(join(contentDir, 'production.ndjson'), 'utf8'));
  });

  it(
    'exports published edits and uploads in a form the validator accepts and a new lake loads',
    { timeout: 60_000 },
    async () => {
      const dataDir = scratch('lake-data-');
      const lake = await lakeOn(contentDir, dataDir);
      const client = lakeClient(lake.url, '2025-02-19', site.dataset, site.projectId, lake.token);
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
        .png()
        .toBuffer();
      const asset = await client.assets.upload('image', png, { filename: 'offline-upload.png' });
      expect(asset._id).toMatch(/^image-[0-9a-f]{40}-64x48-png$/);
      const hero = 'pageBuilder[_key=="25a5c7f271"]';
      await client.action([
        {
          actionType: 'sanity.action.document.edit',
          draftId: 'drafts.page-home',
          publishedId: 'page-home',
          patch: {
            set: {
              [`${hero}.heading`]: 'Learn offline, lead online.',
              [`${hero}.image.asset`]: { _type: 'reference', _ref: asset._id },
            },
          },
        },
        { actionType: 'sanity.action.document.publish', draftId: 'drafts.page-home', publishedId: 'page-home' },
        {
          actionType: 'sanity.action.document.edit',
          draftId: 'drafts.page-about',
          publishedId: 'page-about',
          patch: { set: { title: 'Unpublished draft' } },
        },
      ]);
      await lake.stop();
      lakes.pop();

      const out = scratch('lake-export-');
      const report = await exportDataset({ contentDir, dataDir, ...site, outDir: out });
      expect(report.changed).toEqual(['page-home']);
      expect(report.copiedAssets).toContain('images/offline-upload.png');
      const exported = readFileSync(report.file, 'utf8');
      expect(exported).not.toContain('drafts.');
      expect(exported).not.toContain('Unpublished draft');
      expect(exported).toContain('"_sanityAsset":"image@file://./images/offline-upload.png"');

      const validation = await validateContent(out);
      expect(validation.problems.filter((p) => p.level === 'error')).toEqual([]);

      const reloaded = await lakeOn(out, scratch('lake-data-'));
      const again = lakeClient(reloaded.url, '2025-02-19', site.dataset, site.projectId, reloaded.token);
      const heroNow = await again.fetch<{ heading: string; url: string }>(
        `*[_id == "page-home"][0].pageBuilder[_key == "25a5c7f271"][0]{heading, "url": image.asset->url}`,
      );
      expect(heroNow.heading).toBe('Learn offline, lead online.');
      const image = await fetch(heroNow.url);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
    },
  );
});
