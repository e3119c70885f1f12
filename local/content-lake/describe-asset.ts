/** Reads a binary the way Sanity's asset pipeline does on upload: SHA-1, format, dimensions, LQIP. */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import type { StoredAsset } from './types.ts';

export interface DescribedAsset {
  stored: StoredAsset;
  originalFilename: string;
  modifiedAt: Date;
  /** Only for images. */
  image?: { lqip: string; hasAlpha: boolean; isOpaque: boolean };
}

/** sharp's format name -> the extension and MIME type Sanity uses in ids and URLs. */
const imageFormats: Record<string, { extension: string; mimeType: string }> = {
  jpeg: { extension: 'jpg', mimeType: 'image/jpeg' },
  png: { extension: 'png', mimeType: 'image/png' },
  webp: { extension: 'webp', mimeType: 'image/webp' },
  gif: { extension: 'gif', mimeType: 'image/gif' },
  svg: { extension: 'svg', mimeType: 'image/svg+xml' },
  tiff: { extension: 'tif', mimeType: 'image/tiff' },
  avif: { extension: 'avif', mimeType: 'image/avif' },
};

const fileMimeTypes: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  zip: 'application/zip',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

function sha1(buffer: Buffer): string {
  return createHash('sha1').update(buffer).digest('hex');
}

/** sharp reports AVIF as HEIF with AV1 compression. */
function formatName(meta: Metadata): string {
  return meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
}

/**
 * Sanity's LQIP (a ~20 px wide JPEG data URL) and whether the image is opaque, both from one
 * 64 px preview: an SVG is drawn straight at that size (rendering it full size and measuring
 * every pixel took ~100 ms per card illustration).
 */
async function previewOf(buffer: Buffer, meta: Metadata): Promise<{ lqip: string; isOpaque: boolean }> {
  const previewWidth = 64;
  const input =
    meta.format === 'svg' ? sharp(buffer, { density: Math.max(1, (72 * previewWidth) / meta.width) }) : sharp(buffer);
  const { data, info } = await input
    .resize({ width: previewWidth, withoutEnlargement: meta.format !== 'svg' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The alpha channel is the last one (greyscale previews have two channels, colour ones four).
  let isOpaque = true;
  for (let i = info.channels - 1; i < data.length && isOpaque; i += info.channels) isOpaque = data[i] === 255;
  const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .resize({ width: 20 })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 40 })
    .toBuffer();
  return { lqip: `data:image/jpeg;base64,${jpeg.toString('base64')}`, isOpaque };
}

export async function describeAsset(kind: 'image' | 'file', filePath: string): Promise<DescribedAsset> {
  const [buffer, info] = await Promise.all([readFile(filePath), stat(filePath)]);
  const hash = sha1(buffer);
  const originalFilename = basename(filePath);
  if (kind === 'file') {
    const extension = extname(filePath).slice(1).toLowerCase() || 'bin';
    const mimeType = fileMimeTypes[extension] ?? 'application/octet-stream';
    const stored: StoredAsset = {
      kind,
      id: `file-${hash}-${extension}`,
      sha1: hash,
      extension,
      mimeType,
      filePath,
      size: buffer.length,
      width: 0,
      height: 0,
    };
    return { stored, originalFilename, modifiedAt: info.mtime };
  }
  let meta: Metadata;
  try {
    meta = await sharp(buffer).metadata();
  } catch (error) {
    throw new Error(`not a readable image (${(error as Error).message})`, { cause: error });
  }
  const format = imageFormats[formatName(meta)];
  if (!format || !meta.width || !meta.height) throw new Error(`unsupported image format "${meta.format}"`);
  const { width, height } = meta;
  const { lqip, isOpaque } = await previewOf(buffer, meta);
  const stored: StoredAsset = {
    kind,
    id: `image-${hash}-${width}x${height}-${format.extension}`,
    sha1: hash,
    extension: format.extension,
    mimeType: format.mimeType,
    filePath,
    size: buffer.length,
    width,
    height,
  };
  return {
    stored,
    originalFilename,
    modifiedAt: info.mtime,
    image: { lqip, hasAlpha: meta.hasAlpha ?? false, isOpaque },
  };
}
