/**
 * Per-page meta tags: title, description, canonical URL, Open Graph, Twitter card and robots,
 * built from the document's SEO fields with the site settings' defaults as fallback.
 */
import type { MetaDescriptor } from 'react-router';
import type { SeoFields, SeoSettings } from './types';
import { absoluteUrl, SHARE_IMAGE, shareImageUrl } from './urls.server';

export interface PageMetaInput {
  settings: SeoSettings;
  siteUrl: string;
  /** The page's canonical path (an alias such as /media/event-galleries points at /media). */
  path: string;
  /** The document's title, used when the SEO title is empty. */
  title: string;
  /** A fallback description from the document itself (e.g. a service's summary). */
  summary?: string | null;
  seo?: SeoFields | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `{title} | {instituteName}`, unless the title already names the institute (the seed's SEO
 * titles are written that way, e.g. 'Mission and Vision | Ascent'): no 'Ascent | Ascent'.
 */
export function pageTitle(title: string, instituteName: string): string {
  const base = title.trim();
  if (!base) return instituteName;
  const named = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(instituteName)}($|[^\\p{L}\\p{N}])`, 'iu');
  return named.test(base) ? base : `${base} | ${instituteName}`;
}

/** `@handle` from a Twitter/X profile URL, when it is a valid handle. */
export function twitterHandle(links: SeoSettings['socialLinks']): string | undefined {
  const url = links?.find((link) => link.platform === 'twitter')?.url;
  const handle = url?.match(/^https?:\/\/(?:www\.)?(?:twitter|x)\.com\/([A-Za-z0-9_]{1,15})\/?$/)?.[1];
  return handle ? `@${handle}` : undefined;
}

/** The full set of tags for one page. */
export function pageMeta({ settings, siteUrl, path, title, summary, seo }: PageMetaInput): MetaDescriptor[] {
  const defaults = settings.defaultSeo;
  const fullTitle = pageTitle(seo?.title || title, settings.instituteName);
  const description = seo?.description || summary || defaults?.description || settings.tagline || '';
  const url = absoluteUrl(siteUrl, path);
  const image = seo?.shareImage?.asset ? seo.shareImage : defaults?.shareImage;
  const imageUrl = shareImageUrl(image);
  const handle = twitterHandle(settings.socialLinks);

  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: settings.instituteName },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'en_KE' },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: imageUrl ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
  ];
  if (imageUrl) {
    tags.push(
      { property: 'og:image', content: imageUrl },
      { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
      { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
      { name: 'twitter:image', content: imageUrl },
    );
    if (image?.alt)
      tags.push({ property: 'og:image:alt', content: image.alt }, { name: 'twitter:image:alt', content: image.alt });
  }
  if (handle) tags.push({ name: 'twitter:site', content: handle });
  if (seo?.noIndex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/** Which tag a descriptor sets: a child's tag with the same key replaces the parent's. */
function metaKey(tag: MetaDescriptor): string | undefined {
  if ('title' in tag) return 'title';
  if ('charSet' in tag) return 'charSet';
  if ('script:ld+json' in tag) return `ld+json:${JSON.stringify(tag['script:ld+json'])}`;
  if ('tagName' in tag && tag.tagName === 'link') return `link:${String(tag.rel)}`;
  if ('name' in tag && typeof tag.name === 'string') return `name:${tag.name}`;
  if ('property' in tag && typeof tag.property === 'string') return `property:${tag.property}`;
  return undefined;
}

/**
 * React Router renders only the deepest route's meta: a page merges its ancestors' tags (the
 * root's Organization JSON-LD, defaults) under its own, its own winning on the same key.
 */
export function mergeMeta(parent: readonly MetaDescriptor[], own: readonly MetaDescriptor[]): MetaDescriptor[] {
  const ownKeys = new Set(own.map(metaKey).filter((key) => key !== undefined));
  return [...parent.filter((tag) => !ownKeys.has(metaKey(tag) ?? '')), ...own];
}
