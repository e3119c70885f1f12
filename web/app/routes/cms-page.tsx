/** Every CMS page: the route table picks the document, the block registry renders its blocks. */
import {
  data,
  isRouteErrorResponse,
  redirect,
  useLoaderData,
  useRouteError,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaDescriptor,
} from 'react-router';
import { FRAME_ANCESTOR_HEADER } from '../lib/content-security-policy.server';
import { loadLiveBlocks } from '../blocks/live/live-data.server';
import { PageBlocks } from '../blocks/page-blocks';
import { preloadBlockCode } from '../blocks/registry';
import { CATALOGUE_PATH } from '../config/commerce-paths';
import { documentForPath } from '../config/routes-table';
import { catalogueFilter } from '../features/catalogue/catalogue-filter';
import { readProgramCategories } from '../features/catalogue/catalogue.server';
import { publicEnv } from '../config/env.server';
import { documentMeta, notFoundMeta, rootMeta } from '../features/seo/route-meta.server';
import { findRedirect } from '../lib/sanity/redirects.server';
import { loadRoutableDocument } from '../lib/sanity/routable.server';
import { loadNavigation, loadSiteSettings } from '../lib/sanity/site-settings.server';
import type { Route } from './+types/cms-page';
import { serverReadyLazy } from '../components/ui/server-ready-lazy';
import { fetchDraftContent } from '../features/preview/draft-content.server';
import { previewMarkers, previewRevision } from '../features/preview/markers.server';
import { previewSessionOf } from '../features/preview/preview.server';

/** Shown only on a 404: its code is not part of every page's JavaScript. */
const NotFound = serverReadyLazy(() => import('../shell/not-found').then((module) => module.NotFound));
/** Preview mode only (the Studio's Presentation tool): the visual-editing overlay, a chunk of its own. */
const PreviewTools = serverReadyLazy(() =>
  import('../features/preview/preview-entry').then((m) => m.loadPreviewTools()),
);

export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname, searchParams } = new URL(request.url);
  const target = documentForPath(pathname);
  const isCatalogue = target !== undefined && target === documentForPath(CATALOGUE_PATH);
  // Only a request with a valid preview cookie reads drafts, uncached (features/preview).
  const preview = await previewSessionOf(request);
  // The root and the layout read these too; the reads are cached (lib/sanity/fetch.server.ts).
  const [document, settings, navigation, categories] = await Promise.all([
    target ? loadRoutableDocument(target, preview ? fetchDraftContent : undefined) : null,
    loadSiteSettings(),
    loadNavigation(),
    // The catalogue's filter form is server HTML (not streamed): its choices are read first. A
    // failed read leaves the text filter and the chosen category (the read has logged why).
    isCatalogue ? readProgramCategories().catch(() => []) : [],
  ]);
  const { siteUrl } = publicEnv();
  // Every head tag is built here, not in `meta`: the builders then stay out of the browser's JavaScript.
  const siteMeta = rootMeta(settings, siteUrl);
  if (document) {
    const summary = 'summary' in document ? document.summary : null;
    const page = {
      document,
      preview: preview ? { markers: previewMarkers(document), revision: previewRevision(document) } : null,
      meta: documentMeta({ document: { ...document, summary }, settings, siteUrl, menu: navigation, parent: siteMeta }),
      // Live rows (events, programs, services, metrics) are not awaited: they stream into their blocks.
      live: loadLiveBlocks(
        document.pageBuilder ?? [],
        { siteUrl, instituteName: settings.instituteName },
        // The catalogue's program lists follow the URL's filter (?q=, ?category=).
        { catalogue: isCatalogue ? { filter: catalogueFilter(searchParams), categories } : undefined },
      ),
    };
    // In preview the Studio frames the page; never stored by any cache.
    if (!preview) return page;
    const headers = { 'Cache-Control': 'private, no-store', [FRAME_ANCESTOR_HEADER]: preview.studioOrigin ?? '' };
    return data(page, { headers });
  }
  const moved = await findRedirect(pathname, request.method);
  if (moved) throw redirect(moved.location, moved.status);
  const notFound: NotFoundData = { meta: notFoundMeta(settings.instituteName, siteMeta) };
  throw data(notFound, { status: 404 });
}

/** The loader's headers (preview mode's framing and no-store); a 404 keeps its own. */
export const headers: HeadersFunction = ({ errorHeaders, loaderHeaders }) => errorHeaders ?? loaderHeaders;

/** What the loader throws for an unknown path. */
interface NotFoundData {
  meta: MetaDescriptor[];
}

/** Title, description, canonical, Open Graph, Twitter and BreadcrumbList over the root's tags. */
export function meta({ data, error }: Route.MetaArgs): MetaDescriptor[] {
  if (data) return data.meta;
  if (isRouteErrorResponse(error) && error.status === 404) return (error.data as NotFoundData).meta;
  return [];
}

/** How long a back/forward navigation waits for the page's live rows before it shows without them. */
const historyLiveRowsWaitMs = 2_000;

/**
 * A back/forward navigation: the browser has already moved to the entry's URL, whereas a link or
 * a redirect changes the URL only once the new page's data is in. (A link to the page already
 * shown matches too; waiting for its rows there does no harm.)
 */
function isHistoryTraversal(request: Request): boolean {
  const target = new URL(request.url);
  return target.pathname === window.location.pathname && target.search === window.location.search;
}

/**
 * Client-side navigations: the page's data from the server, and the code of its server-rendered
 * blocks (see blocks/server-rendered.tsx) before the page shows, so scroll restoration and hash
 * links find it whole. Back and forward also wait for the live rows (settle-live-data.ts): the
 * router restores the scroll position as the page renders. Not on the first page load, which
 * hydrates with the server's data.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const traversal = isHistoryTraversal(request);
  const data = await serverLoader();
  const [live] = await Promise.all([
    // Its code loads on the first back or forward: the other visits do not pay for it.
    traversal
      ? import('../blocks/live/settle-live-data').then(({ settleLiveData }) =>
          settleLiveData(data.live, historyLiveRowsWaitMs),
        )
      : data.live,
    // Without the code (offline, a new deployment) the blocks still load it as they render.
    preloadBlockCode(data.document.pageBuilder ?? []).catch(() => undefined),
  ]);
  return { ...data, live };
}

export default function CmsPage() {
  const { document, live, preview } = useLoaderData<typeof loader>();
  return (
    <>
      {/* In preview, a changed draft mounts the blocks anew: hydrated ones keep their server HTML. */}
      <PageBlocks
        key={preview?.revision}
        blocks={document.pageBuilder ?? []}
        title={document.title}
        live={live}
        markers={preview?.markers}
      />
      {preview ? <PreviewTools /> : null}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
