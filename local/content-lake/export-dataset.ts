/**
 * Writes the lake's current published dataset (seed + journal) back in the seed's own format:
 * one `<dataset>.ndjson` plus `images/` and `files/`, every asset reference turned back into
 * `_sanityAsset: "image@file://./images/<file>"`, so `npm run validate-content` checks it and
 * `sanity dataset import` loads it into a hosted project. Drafts, private-path documents (ids with a
 * dot, e.g. `schedules.`) and asset documents stay out
 * (the import makes the asset documents); system fields are left to the import too, so a
 * document nobody edited is written exactly as the seed had it.
 */
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { createAssetCache } from './asset-cache.ts';
import { loadDataset } from './load-dataset.ts';
import { isUnpublishedId } from './perspective.ts';
import { createDocumentStore } from './store/document-store.ts';
import { readJournal } from './store/journal.ts';
import type { SanityDocument, StoredAsset } from './types.ts';
import { uploadedAssets } from './upload-endpoint.ts';

export interface ExportOptions {
  /** The seed folder. */
  contentDir: string;
  /** The lake's data folder (as given to startContentLake). */
  dataDir: string;
  projectId: string;
  dataset: string;
  /** Where to write; defaults to contentDir itself. */
  outDir?: string;
}

export interface ExportReport {
  file: string;
  documents: number;
  /** Documents whose content differs from the seed's. */
  changed: string[];
  /** Asset files copied into the output folder. */
  copiedAssets: string[];
}

const systemFields = new Set(['_rev', '_createdAt', '_updatedAt']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Replaces `asset: {_ref: image-...}` with `_sanityAsset` where it stood (field order kept). */
function withAssetFiles(value: unknown, fileFor: (assetId: string) => string | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => withAssetFiles(item, fileFor));
  if (!isRecord(value)) return value;
  const asset = value.asset;
  const ref = isRecord(asset) && typeof asset._ref === 'string' ? asset._ref : undefined;
  const file = ref ? fileFor(ref) : undefined;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) =>
      key === 'asset' && file ? ['_sanityAsset', file] : [key, withAssetFiles(child, fileFor)],
    ),
  );
}

function stripSystemFields(doc: SanityDocument): Record<string, unknown> {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !systemFields.has(key)));
}

export async function exportDataset(options: ExportOptions): Promise<ExportReport> {
  const contentDir = resolve(options.contentDir);
  const outDir = resolve(options.outDir ?? contentDir);
  const fileName = `${options.dataset}.ndjson`;
  const others = (await readdir(outDir).catch(() => [])).filter(
    (name) => name.endsWith('.ndjson') && name !== fileName,
  );
  if (others.length > 0) {
    // Every document goes into one file: another NDJSON file there would hold them twice.
    throw new Error(`${outDir} has other NDJSON files (${others.join(', ')}): export into an empty folder instead`);
  }
  const datasetDir = join(options.dataDir, options.projectId, options.dataset);
  const context = { projectId: options.projectId, dataset: options.dataset, origin: 'http://export.invalid' };
  const seed = await loadDataset({ ...context, contentDir, describe: createAssetCache() });
  const store = createDocumentStore({ seed, replay: readJournal(join(datasetDir, 'journal.ndjson'), () => {}) });
  const current = store.snapshot();

  // Every asset the documents may name: the seed's files, then uploads kept by the lake.
  const assets = new Map<string, StoredAsset>();
  for (const asset of [...seed.images.values(), ...seed.files.values()]) assets.set(asset.id, asset);
  for (const asset of uploadedAssets(current.raw, join(datasetDir, 'assets')).values()) {
    if (!assets.has(asset.id)) assets.set(asset.id, asset);
  }
  const names = new Map<string, string>();
  const copies: { from: string; to: string }[] = [];
  const used = new Set<string>();
  const fileFor = (assetId: string): string | undefined => {
    const known = names.get(assetId);
    if (known) return known;
    const asset = assets.get(assetId);
    if (!asset) return undefined;
    const folder = asset.kind === 'image' ? 'images' : 'files';
    const inSeed = asset.filePath.startsWith(`${contentDir}${sep}`);
    let target = inSeed ? relative(contentDir, asset.filePath).split(sep).join('/') : undefined;
    if (!target) {
      const original = current.byId.get(assetId)?.originalFilename;
      const wanted = `${folder}/${basename(typeof original === 'string' && original ? original : `${asset.sha1}.${asset.extension}`)}`;
      target = used.has(wanted) ? `${folder}/${asset.sha1}-${basename(wanted)}` : wanted;
    }
    used.add(target);
    if (!inSeed || outDir !== contentDir) copies.push({ from: asset.filePath, to: join(outDir, target) });
    const spec = `${asset.kind}@file://./${target}`;
    names.set(assetId, spec);
    return spec;
  };

  // Documents under a private path (an id with a dot: drafts, versions, the publishing worker's
  // `schedules.`) are working state, not content.
  const documents = current.raw.filter(
    (doc) =>
      !isUnpublishedId(doc._id) &&
      !doc._id.includes('.') &&
      doc._type !== 'sanity.imageAsset' &&
      doc._type !== 'sanity.fileAsset',
  );
  const lines = documents.map((doc) => JSON.stringify(withAssetFiles(stripSystemFields(doc), fileFor)));
  const changed = documents
    .filter((doc) => JSON.stringify(seed.byId.get(doc._id)) !== JSON.stringify(doc))
    .map((doc) => doc._id);

  await mkdir(outDir, { recursive: true });
  for (const { from, to } of copies) {
    await mkdir(join(to, '..'), { recursive: true });
    if (resolve(from) !== resolve(to)) await copyFile(from, to);
  }
  const file = join(outDir, fileName);
  await writeFile(file, `${lines.join('\n')}\n`);
  return { file, documents: documents.length, changed, copiedAssets: copies.map((c) => relative(outDir, c.to)) };
}
