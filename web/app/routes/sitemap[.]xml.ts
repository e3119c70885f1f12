/** /sitemap.xml: every indexable CMS page with its last change, from the dataset (cached reads). */
import { serverEnv } from '../config/env.server';
import { sitemapEntries, sitemapXml } from '../features/seo/sitemap.server';
import { fetchContent } from '../lib/sanity/fetch.server';
import { ROUTABLE_DOCUMENTS_QUERY } from '../lib/sanity/queries';

export async function loader() {
  const documents = await fetchContent(ROUTABLE_DOCUMENTS_QUERY);
  const xml = sitemapXml(sitemapEntries(documents, serverEnv().SITE_URL));
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
}
