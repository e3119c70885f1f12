/** GET /admin/service-pages: the slugs of the service pages published in Sanity, for the admin services list's "no page" flag. */
import { fetchContent } from '../../lib/sanity/fetch.server';
import { ROUTABLE_DOCUMENTS_QUERY } from '../../lib/sanity/queries';

export async function loader() {
  try {
    const documents = await fetchContent(ROUTABLE_DOCUMENTS_QUERY);
    const slugs = documents.filter((document) => document._type === 'service').map((document) => document.slug);
    return Response.json({ slugs }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    console.error('[admin] reading service pages failed:', error);
    return Response.json(
      { error: 'The content API could not be read.' },
      { status: 502, headers: { 'Cache-Control': 'no-store' } },
    );
  }
}
