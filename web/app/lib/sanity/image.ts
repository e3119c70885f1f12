/**
 * Image URLs from Sanity's image API: one builder per configured project, dataset and API host
 * (locally the content lake, hosted: cdn.sanity.io), and the src/srcset/size set for an <img>
 * that keeps the editor's crop and hotspot: a cut to another shape is centred on the hotspot and
 * never cuts into it (the hotspot is the part that must stay in view, such as the words in an
 * illustration). Pure, so it runs the same on the server and client.
 */
import { createImageUrlBuilder, type SanityImageObject } from '@sanity/image-url';
import type { PublicEnv } from '../../config/env.server';
import type { SanityImageCrop, SanityImageHotspot } from './sanity.types';

export interface ImageConfig {
  projectId: string;
  dataset: string;
  /** '' for hosted Sanity; the content lake's URL locally. */
  apiHost: string;
}

/** The image API settings within the public settings the root loader passes on. */
export function imageConfigOf(
  env: Pick<PublicEnv, 'sanityProjectId' | 'sanityDataset' | 'sanityApiHost'>,
): ImageConfig {
  return { projectId: env.sanityProjectId, dataset: env.sanityDataset, apiHost: env.sanityApiHost };
}

/** An image as the page queries return it (see IMAGE in queries.ts). */
export interface SanityImageValue {
  alt?: string | null;
  caption?: string | null;
  hotspot?: SanityImageHotspot | null;
  crop?: SanityImageCrop | null;
  asset: {
    _id: string;
    url?: string;
    width?: number | null;
    height?: number | null;
    lqip?: string | null;
  } | null;
}

/** The srcset widths: a few steps so browsers and the image CDN cache share the same variants. */
export const IMAGE_WIDTHS = [320, 480, 640, 800, 1024, 1280, 1600, 1920, 2560] as const;

/** Where image URLs point: the API host with api. swapped for cdn. (as @sanity/image-url does for clients). */
export function imageBaseUrl(apiHost: string): string {
  if (!apiHost) return 'https://cdn.sanity.io';
  return apiHost.replace(/\/+$/, '').replace(/^https:\/\/api\./, 'https://cdn.');
}

export function imageUrlBuilder(config: ImageConfig) {
  return createImageUrlBuilder({
    projectId: config.projectId,
    dataset: config.dataset,
    baseUrl: imageBaseUrl(config.apiHost),
  });
}

/** Width and height of the asset: from its metadata, else from its id (`image-<sha1>-<w>x<h>-<ext>`). */
export function assetDimensions(
  asset: NonNullable<SanityImageValue['asset']>,
): { width: number; height: number } | null {
  if (asset.width && asset.height) return { width: asset.width, height: asset.height };
  const match = /-(\d+)x(\d+)-[a-z0-9]+$/i.exec(asset._id);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}

/** The size of the picture after the editor's crop. */
export function croppedDimensions(image: SanityImageValue): { width: number; height: number } | null {
  const full = image.asset ? assetDimensions(image.asset) : null;
  if (!full) return null;
  const crop = image.crop;
  if (!crop) return full;
  return {
    width: Math.max(1, Math.round(full.width * (1 - crop.left - crop.right))),
    height: Math.max(1, Math.round(full.height * (1 - crop.top - crop.bottom))),
  };
}

/**
 * The shape to cut a picture to: `preferred`, made just wide (or tall) enough that the editor's
 * hotspot fits whole in the largest cut of that shape. Sanity's hotspot is relative to the whole
 * asset; the cut is taken from the editor's crop (`cropped`).
 */
export function aspectKeepingHotspot(
  preferred: number,
  asset: { width: number; height: number },
  cropped: { width: number; height: number },
  hotspot: SanityImageHotspot | null | undefined,
): number {
  if (!hotspot) return preferred;
  const hotspotWidth = Math.min(hotspot.width * asset.width, cropped.width);
  const hotspotHeight = Math.min(hotspot.height * asset.height, cropped.height);
  // Narrower than the crop, a cut is the crop's full height; wider, its full width.
  const narrowest = hotspotWidth / cropped.height;
  const widest = cropped.width / Math.max(1, hotspotHeight);
  return Math.min(Math.max(preferred, narrowest), widest);
}

export interface ImageSourceOptions {
  /**
   * Width / height to cut the picture to, around the hotspot and widened or narrowed as far as the
   * hotspot needs (aspectKeepingHotspot); default: its own (cropped) shape.
   */
  aspectRatio?: number;
  /** The widest rendition worth offering, in pixels (about 2x the largest CSS width). */
  maxWidth?: number;
  /** The width of `src`, for browsers without srcset; default the largest step up to 1024. */
  defaultWidth?: number;
}

export interface ImageSources {
  src: string;
  srcSet: string;
  /** Intrinsic size for the width/height attributes: the aspect ratio reserves the space. */
  width: number;
  height: number;
}

/** The widths offered for a picture `available` pixels wide, never upscaling past it. */
export function srcSetWidths(available: number, maxWidth: number): number[] {
  const cap = Math.max(1, Math.min(Math.round(available), Math.round(maxWidth)));
  const widths: number[] = IMAGE_WIDTHS.filter((width) => width < cap);
  widths.push(cap);
  return widths;
}

/** The builder's view of an image: the asset id plus the editor's crop and hotspot. */
function source(image: SanityImageValue & { asset: { _id: string } }): SanityImageObject {
  return {
    asset: { _ref: image.asset._id },
    ...(image.crop ? { crop: image.crop } : {}),
    ...(image.hotspot ? { hotspot: image.hotspot } : {}),
  };
}

/** src, srcset (w= steps, auto=format) and intrinsic size for one image, or null without an asset. */
export function imageSources(
  config: ImageConfig,
  image: SanityImageValue,
  options: ImageSourceOptions = {},
): ImageSources | null {
  const cropped = croppedDimensions(image);
  if (!image.asset || !cropped) return null;
  const asset = image.asset;
  const full = assetDimensions(asset) ?? cropped;
  const aspectRatio = options.aspectRatio
    ? aspectKeepingHotspot(options.aspectRatio, full, cropped, image.hotspot)
    : cropped.width / cropped.height;
  // Cutting to another shape can only use as many pixels as the narrower side allows.
  const available = Math.min(cropped.width, cropped.height * aspectRatio);
  const widths = srcSetWidths(available, options.maxWidth ?? 2560);
  const base = imageUrlBuilder(config)
    .image(source({ ...image, asset }))
    .auto('format');
  const urlFor = (width: number) =>
    options.aspectRatio !== undefined
      ? base
          .width(width)
          .height(Math.round(width / aspectRatio))
          .fit('crop')
          .url()
      : base.width(width).url();
  const largest = widths[widths.length - 1] ?? 1;
  const defaultWidth = Math.min(options.defaultWidth ?? 1024, largest);
  const srcWidth = [...widths].reverse().find((width) => width <= defaultWidth) ?? largest;
  return {
    src: urlFor(srcWidth),
    srcSet: widths.map((width) => `${urlFor(width)} ${width}w`).join(', '),
    width: largest,
    height: Math.round(largest / aspectRatio),
  };
}

/** A single URL (for a lightbox's full view or a no-JS link): the picture at most `width` wide. */
export function imageUrl(config: ImageConfig, image: SanityImageValue, width: number): string | null {
  const cropped = croppedDimensions(image);
  if (!image.asset || !cropped) return null;
  return imageUrlBuilder(config)
    .image(source({ ...image, asset: image.asset }))
    .width(Math.min(width, cropped.width))
    .auto('format')
    .url();
}

/**
 * A logo shown `height` CSS pixels high, as pictures for screens of 1×, 2× and 3× density. An SVG
 * logo is drawn by the image API too: as an <img>, an SVG is a document the page's main thread
 * builds and paints before the page can respond (about 7 ms of this 2-core machine, some 28 ms
 * on a phone 4× slower: docs/measurements.md, "The header logo as a picture"). A bitmap logo is never
 * enlarged past its own height.
 */
export function logoSources(config: ImageConfig, image: SanityImageValue, height: number): ImageSources | null {
  const cropped = croppedDimensions(image);
  if (!image.asset || !cropped) return null;
  const vector = image.asset._id.endsWith('-svg');
  const heights = [1, 2, 3]
    .map((density) => height * density)
    .filter((candidate, index) => index === 0 || vector || candidate <= cropped.height);
  const base = imageUrlBuilder(config)
    .image(source({ ...image, asset: image.asset }))
    .auto('format');
  const urlFor = (pixels: number) => base.height(pixels).url();
  return {
    src: urlFor(height),
    srcSet: heights.map((pixels, index) => `${urlFor(pixels)} ${index + 1}x`).join(', '),
    width: Math.round((height * cropped.width) / cropped.height),
    height,
  };
}
