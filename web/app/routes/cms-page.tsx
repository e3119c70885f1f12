/** Every CMS page: the route table picks the document, the block registry renders its blocks. */
import { data, isRouteErrorResponse, redirect, useLoaderData, useRouteError, type LoaderFunctionArgs } from 'react-router';
import { PageBlocks } from '../blocks/page-blocks';
import { NotFound } from '../components/layout/not-found';
import { documentForPath } from '../config/routes-table';
import { findRedirect } from '../lib/sanity/redirects.server';
import { loadRoutableDocument } from '../lib/sanity/routable.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  const target = documentForPath(pathname);
  const document = target ? await loadRoutableDocument(target) : null;
  if (document) return { document };
  const moved = await findRedirect(pathname, request.method);
  if (moved) throw redirect(moved.location, moved.status);
  throw data(null, { status: 404 });
}

export default function CmsPage() {
  const { document } = useLoaderData<typeof loader>();
  return <PageBlocks blocks={document.pageBuilder ?? []} title={document.title} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
