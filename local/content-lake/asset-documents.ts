/** Builds the `sanity.imageAsset` / `sanity.fileAsset` documents that an import would create. */
import { createHash } from 'node:crypto';
import type { DescribedAsset } from './describe-asset.ts';
import type { SanityDocument } from './types.ts';

export interface AssetUrlContext {
  /** e.g. `http://127.0.0.1:54330`: asset URLs point back at the lake. */
  origin: string;
  projectId: string;
  dataset: string;
}

/** The path part of an asset URL, as in Sanity (`images/<project>/<dataset>/<sha1>-<w>x<h>.<ext>`). */
export function assetPath(asset: DescribedAsset['stored'], ctx: AssetUrlContext): string {
  return asset.kind === 'image'
    ? `images/${ctx.projectId}/${ctx.dataset}/${asset.sha1}-${asset.width}x${asset.height}.${asset.extension}`
    : `files/${ctx.projectId}/${ctx.dataset}/${asset.sha1}.${asset.extension}`;
}

export function assetDocument(described: DescribedAsset, ctx: AssetUrlContext): SanityDocument {
  const { stored, image } = described;
  const path = assetPath(stored, ctx);
  const timestamp = described.modifiedAt.toISOString();
  const common = {
    _id: stored.id,
    _type: stored.kind === 'image' ? 'sanity.imageAsset' : 'sanity.fileAsset',
    _createdAt: timestamp,
    _updatedAt: timestamp,
    _rev: createHash('sha1').update(`${stored.id}@${timestamp}`).digest('base64url').slice(0, 22),
    assetId: stored.sha1,
    extension: stored.extension,
    mimeType: stored.mimeType,
    originalFilename: described.originalFilename,
    path,
    sha1hash: stored.sha1,
    size: stored.size,
    url: `${ctx.origin}/${path}`,
  };
  if (!image) return common;
  const metadata = {
    _type: 'sanity.imageMetadata',
    dimensions: {
      _type: 'sanity.imageDimensions',
      width: stored.width,
      height: stored.height,
      aspectRatio: stored.width / stored.height,
    },
    hasAlpha: image.hasAlpha,
    isOpaque: image.isOpaque,
    lqip: image.lqip,
  };
  return { ...common, metadata };
}
