/** Absolute URLs from the site's origin (SITE_URL) and the image API's share and logo renditions. */
import type { SeoImage } from './types';

/** `siteUrl` + `path`, with exactly one slash between them; the home page is `siteUrl/`. */
export function absoluteUrl(siteUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${siteUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Open Graph's recommended size; social sites crop other ratios themselves, often badly. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/**
 * A 1200x630 JPEG of a CMS image through the image API (crawlers ignore SVG and WebP is not
 * universal), cropped around the editor's hotspot when there is one.
 */
export function shareImageUrl(image: SeoImage | null | undefined): string | undefined {
  const url = image?.asset?.url;
  if (!url) return undefined;
  const params = new URLSearchParams({
    w: String(SHARE_IMAGE.width),
    h: String(SHARE_IMAGE.height),
    fit: 'crop',
    fm: 'jpg',
  });
  if (image.hotspot) {
    params.set('crop', 'focalpoint');
    params.set('fp-x', String(image.hotspot.x));
    params.set('fp-y', String(image.hotspot.y));
  }
  return `${url}?${params}`;
}

/** A 512 px wide PNG of the logo: search engines want a raster logo of at least 112 px. */
export function logoUrl(image: SeoImage | null | undefined): string | undefined {
  const url = image?.asset?.url;
  return url ? `${url}?w=512&fm=png` : undefined;
}
