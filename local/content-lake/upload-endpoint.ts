/**
 * `POST /v<apiVersion>/assets/images|files/<dataset>?filename=...`: Sanity's asset upload. The
 * bytes are kept under the data folder by SHA-1 (the same bytes are one asset, as in Sanity), the
 * asset document is committed through the store like any other write, and `{document}` answered.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import { assetDocument, assetPath, type AssetUrlContext } from './asset-documents.ts';
import { describeAsset } from './describe-asset.ts';
import { MiB, readNodeCapped } from '../http/body-limit.ts';
import { BodyTooLargeError, sendBadRequest, sendHttpError, sendJson } from './http-reply.ts';
import type { DocumentStore } from './store/document-store.ts';
import type { SanityDocument, StoredAsset } from './types.ts';

/** The largest asset upload, and so the largest body the lake takes at all. */
export const maxUploadBytes = 64 * MiB;

const readBytes = (req: IncomingMessage): Promise<Buffer> => readNodeCapped(req, maxUploadBytes);

/** The URL file name an asset is served under (`<sha1>-<w>x<h>.<ext>` or `<sha1>.<ext>`). */
export function servedName(stored: StoredAsset, ctx: AssetUrlContext): string {
  return assetPath(stored, ctx).split('/').pop() ?? '';
}

/** Assets uploaded in earlier runs: their documents are in the store, their bytes in `assetsDir`. */
export function uploadedAssets(docs: Iterable<SanityDocument>, assetsDir: string): Map<string, StoredAsset> {
  const found = new Map<string, StoredAsset>();
  const onDisk = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : []);
  for (const doc of docs) {
    if (doc._type !== 'sanity.imageAsset' && doc._type !== 'sanity.fileAsset') continue;
    const { sha1hash, extension, mimeType, size, path } = doc as Record<string, unknown>;
    const file = `${String(sha1hash)}.${String(extension)}`;
    if (!onDisk.has(file) || typeof path !== 'string') continue;
    const dimensions = (doc.metadata as { dimensions?: { width?: number; height?: number } } | undefined)?.dimensions;
    found.set(path.split('/').pop() ?? file, {
      kind: doc._type === 'sanity.imageAsset' ? 'image' : 'file',
      id: doc._id,
      sha1: String(sha1hash),
      extension: String(extension),
      mimeType: String(mimeType),
      filePath: join(assetsDir, file),
      size: Number(size),
      width: dimensions?.width ?? 0,
      height: dimensions?.height ?? 0,
    });
  }
  return found;
}

export async function handleUpload(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  kind: 'image' | 'file',
  ctx: AssetUrlContext & { store: DocumentStore; assetsDir: string; author: string },
): Promise<void> {
  if (req.method !== 'POST') return sendHttpError(res, 405, 'Assets are uploaded with POST');
  let bytes: Buffer;
  try {
    bytes = await readBytes(req);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return sendHttpError(res, 413, error.message);
    throw error;
  }
  if (bytes.length === 0) return sendBadRequest(res, 'The upload is empty');
  await mkdir(ctx.assetsDir, { recursive: true });
  const scratch = join(ctx.assetsDir, `.upload-${randomBytes(8).toString('hex')}`);
  await writeFile(scratch, bytes);
  let described;
  try {
    described = await describeAsset(kind, scratch);
  } catch (error) {
    await rm(scratch, { force: true });
    return sendBadRequest(res, `Not a usable ${kind}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const filePath = join(ctx.assetsDir, `${described.stored.sha1}.${described.stored.extension}`);
  await rename(scratch, filePath);
  const stored = { ...described.stored, filePath };
  const filename = basename(url.searchParams.get('filename') ?? '') || `${stored.sha1}.${stored.extension}`;
  const existing = ctx.store.get(stored.id);
  ctx.store.addUploadedAsset(servedName(stored, ctx), stored);
  if (existing) return sendJson(res, 200, { document: existing });
  const doc = assetDocument({ ...described, stored, originalFilename: filename, modifiedAt: new Date() }, ctx);
  const transaction = await ctx.store.mutate([{ createIfNotExists: doc }], { author: ctx.author });
  sendJson(res, 200, { document: ctx.store.get(stored.id) ?? transaction.changes[0]?.after ?? doc });
}
