/** sitemap.xml: every public, indexable page of the dataset that the route table serves, and the program pages. */
import { ROUTE_PATHS } from '../../config/routes-table';
import { absoluteUrl } from './urls.server';

/** A routable document as ROUTABLE_DOCUMENTS_QUERY returns it. */
export interface SitemapDocument {
  path: string;
  _updatedAt?: string | null;
  noIndex?: boolean | null;
}

export interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

/**
 * Indexable documents whose path the site serves, in the route table's order. Aliases (such as
 * /media/event-galleries for /media) are left out: a sitemap lists canonical URLs only.
 */
export function sitemapEntries(documents: readonly SitemapDocument[], siteUrl: string): SitemapEntry[] {
  const order = new Map(ROUTE_PATHS.map((path, index) => [path, index]));
  const seen = new Set<string>();
  return documents
    .filter((doc) => !doc.noIndex && order.has(doc.path) && !seen.has(doc.path) && seen.add(doc.path))
    .sort((a, b) => (order.get(a.path) ?? 0) - (order.get(b.path) ?? 0))
    .map((doc) => {
      const updated = doc._updatedAt ? new Date(doc._updatedAt) : undefined;
      const lastmod = updated && !Number.isNaN(updated.getTime()) ? updated.toISOString() : undefined;
      return { loc: absoluteUrl(siteUrl, doc.path), ...(lastmod ? { lastmod } : {}) };
    });
}

/**
 * The catalogue's program pages, placed right after their parent page (`catalogue`, e.g.
 * /training) when it is listed, else at the end.
 */
export function withProgramPages(
  entries: readonly SitemapEntry[],
  programPaths: readonly string[],
  catalogue: string,
  siteUrl: string,
): SitemapEntry[] {
  const programs = programPaths.map((path) => ({ loc: absoluteUrl(siteUrl, path) }));
  const parent = entries.findIndex((entry) => entry.loc === absoluteUrl(siteUrl, catalogue));
  const at = parent === -1 ? entries.length : parent + 1;
  return [...entries.slice(0, at), ...programs, ...entries.slice(at)];
}

/** The five characters XML gives meaning to, as entities. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`,
  );
}

export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    ({ loc, lastmod }) =>
      `  <url>\n    <loc>${escapeXml(loc)}</loc>\n${lastmod ? `    <lastmod>${escapeXml(lastmod)}</lastmod>\n` : ''}  </url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Crawlers may read everything but the staff area, the sign-in screen and the customer's account. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /login',
    'Disallow: /account',
    '',
    `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
