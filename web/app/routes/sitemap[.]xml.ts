/**
 * /sitemap.xml: every indexable CMS page with its last change, from the dataset (cached reads),
 * and every published program's page from Supabase. Should Supabase fail, the CMS pages are still listed.
 */
import { programPath } from '../blocks/live/live-data.server';
import { serverEnv } from '../config/env.server';
import { CATALOGUE_PATH } from '../config/commerce-paths';
import { readProgramSlugs } from '../features/catalogue/catalogue.server';
import { sitemapEntries, sitemapXml, withProgramPages } from '../features/seo/sitemap.server';
import { fetchContent } from '../lib/sanity/fetch.server';
import { ROUTABLE_DOCUMENTS_QUERY } from '../lib/sanity/queries';

export async function loader() {
  const [documents, slugs] = await Promise.all([
    fetchContent(ROUTABLE_DOCUMENTS_QUERY),
    // Logged by the read; the sitemap without program pages beats no sitemap.
    readProgramSlugs().catch(() => [] as string[]),
  ]);
  const siteUrl = serverEnv().SITE_URL;
  const entries = withProgramPages(sitemapEntries(documents, siteUrl), slugs.map(programPath), CATALOGUE_PATH, siteUrl);
  return new Response(sitemapXml(entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
}
