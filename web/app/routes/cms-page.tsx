/** Every CMS page: the route table picks the document, the block registry renders its blocks. */
import {
  data,
  isRouteErrorResponse,
  redirect,
  useLoaderData,
  useRouteError,
  type LoaderFunctionArgs,
} from 'react-router';
import { loadLiveBlocks } from '../blocks/live/live-data.server';
import { PageBlocks } from '../blocks/page-blocks';
import { NotFound } from '../components/layout/not-found';
import { documentForPath } from '../config/routes-table';
import { documentMeta, notFoundMeta } from '../features/seo/route-meta';
import { findRedirect } from '../lib/sanity/redirects.server';
import { loadRoutableDocument } from '../lib/sanity/routable.server';
import type { Route } from './+types/cms-page';

export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  const target = documentForPath(pathname);
  const document = target ? await loadRoutableDocument(target) : null;
  // Live rows (events, programs, services, metrics) are not awaited: they stream into their blocks.
  if (document) return { document, live: loadLiveBlocks(document.pageBuilder ?? []) };
  const moved = await findRedirect(pathname, request.method);
  if (moved) throw redirect(moved.location, moved.status);
  throw data(null, { status: 404 });
}

/** Title, description, canonical, Open Graph, Twitter and BreadcrumbList over the root's tags. */
export function meta({ data, matches }: Route.MetaArgs) {
  const [root, layout] = matches;
  if (!root?.loaderData) return [];
  const { settings, env } = root.loaderData;
  if (!data) return notFoundMeta(settings.instituteName, root.meta);
  const { document } = data;
  return documentMeta({
    document: { ...document, summary: 'summary' in document ? document.summary : null },
    settings,
    siteUrl: env.siteUrl,
    menu: layout?.loaderData?.navigation,
    parent: root.meta,
  });
}

export default function CmsPage() {
  const { document, live } = useLoaderData<typeof loader>();
  return <PageBlocks blocks={document.pageBuilder ?? []} title={document.title} live={live} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
