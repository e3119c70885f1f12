/**
 * Loads a content folder the way `sanity dataset import` would see it: every `*.ndjson`, every file
 * under `images/` and `files/`, `_sanityAsset` fields resolved to asset documents. Either the whole
 * dataset loads or a DatasetError lists every problem by file and line.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { findAssetRefs, replaceAssetRef, type AssetRef } from './asset-refs.ts';
import type { AssetDescriber } from './asset-cache.ts';
import { assetDocument, assetPath, type AssetUrlContext } from './asset-documents.ts';
import { DatasetError } from './dataset-error.ts';
import type { DescribedAsset } from './describe-asset.ts';
import { parseNdjson } from './ndjson.ts';
import { draftsView, publishedView } from './perspective.ts';
import { withSystemFields } from './system-fields.ts';
import type { DatasetSnapshot, SanityDocument, StoredAsset } from './types.ts';

export interface LoadOptions extends AssetUrlContext {
  contentDir: string;
  describe: AssetDescriber;
}

interface PendingDoc {
  doc: SanityDocument;
  where: string;
  refs: AssetRef[];
}

/** Files in `images/` and `files/` are uploaded even when no document uses them, as the import does. */
async function listAssetFolder(contentDir: string, folder: string): Promise<string[]> {
  const dir = join(contentDir, folder);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

async function readDocuments(contentDir: string, problems: string[]): Promise<PendingDoc[]> {
  const names = (await readdir(contentDir)).filter((name) => name.endsWith('.ndjson')).sort();
  const pending: PendingDoc[] = [];
  const firstSeen = new Map<string, string>();
  for (const name of names) {
    const filePath = join(contentDir, name);
    const [text, info] = await Promise.all([readFile(filePath, 'utf8'), stat(filePath)]);
    const parsed = parseNdjson(text, relative(process.cwd(), filePath) || filePath);
    problems.push(...parsed.problems);
    for (const { doc: raw, where } of parsed.lines) {
      const refs = findAssetRefs(raw, contentDir, where, problems);
      const doc = withSystemFields(raw, where, info.mtime);
      const earlier = firstSeen.get(doc._id);
      if (earlier) problems.push(`${where}: duplicate _id "${doc._id}" (first at ${earlier})`);
      else firstSeen.set(doc._id, where);
      pending.push({ doc, where, refs });
    }
  }
  return pending;
}

async function describeAll(
  describe: AssetDescriber,
  wanted: Map<string, { kind: 'image' | 'file'; where: string }>,
  problems: string[],
): Promise<Map<string, DescribedAsset>> {
  const described = new Map<string, DescribedAsset>();
  await Promise.all(
    [...wanted].map(async ([filePath, { kind, where }]) => {
      try {
        described.set(filePath, await describe(kind, filePath));
      } catch (error) {
        const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : (error as Error).message;
        problems.push(`${where}: asset ${relative(process.cwd(), filePath)}: ${reason}`);
      }
    }),
  );
  return described;
}

function buildSnapshot(
  docs: SanityDocument[],
  assets: Iterable<DescribedAsset>,
  options: LoadOptions,
): DatasetSnapshot {
  const byId = new Map(docs.map((doc) => [doc._id, doc]));
  const images = new Map<string, StoredAsset>();
  const files = new Map<string, StoredAsset>();
  const raw = [...docs];
  const ordered = [...assets].sort((a, b) => a.stored.id.localeCompare(b.stored.id));
  for (const asset of ordered) {
    const { stored } = asset;
    // Same bytes under two names are one asset, as in Sanity (content-addressed ids).
    if (!byId.has(stored.id)) {
      const doc = assetDocument(asset, options);
      byId.set(doc._id, doc);
      raw.push(doc);
    }
    const fileName = assetPath(stored, options).split('/').pop() ?? '';
    (stored.kind === 'image' ? images : files).set(fileName, stored);
  }
  return { raw, byId, published: publishedView(raw), drafts: draftsView(raw), images, files, loadedAt: new Date() };
}

export async function loadDataset(options: LoadOptions): Promise<DatasetSnapshot> {
  const { contentDir } = options;
  const dirInfo = await stat(contentDir).catch(() => undefined);
  if (!dirInfo?.isDirectory()) throw new DatasetError([`${contentDir}: content folder not found`]);

  const problems: string[] = [];
  const pending = await readDocuments(contentDir, problems);

  const wanted = new Map<string, { kind: 'image' | 'file'; where: string }>();
  for (const { refs, where } of pending) {
    for (const ref of refs) {
      if (!wanted.has(ref.filePath)) wanted.set(ref.filePath, { kind: ref.kind, where: `${where} (${ref.path})` });
    }
  }
  for (const kind of ['image', 'file'] as const) {
    const folder = kind === 'image' ? 'images' : 'files';
    for (const filePath of await listAssetFolder(contentDir, folder)) {
      if (!wanted.has(filePath)) wanted.set(filePath, { kind, where: relative(process.cwd(), filePath) });
    }
  }
  const described = await describeAll(options.describe, wanted, problems);
  if (problems.length > 0) throw new DatasetError(problems);

  for (const { refs } of pending) {
    for (const ref of refs) {
      const asset = described.get(ref.filePath);
      if (asset) replaceAssetRef(ref.holder, asset.stored.id);
    }
  }
  return buildSnapshot(
    pending.map((p) => p.doc),
    described.values(),
    options,
  );
}
