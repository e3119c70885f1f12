/**
 * `/preview/live`: the preview page's live refresh (draft-changes.server.ts), for a request with
 * a valid preview cookie only; without one, 401 and nothing is streamed.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { draftChangesStream } from '../features/preview/draft-changes.server';
import { previewSessionOf } from '../features/preview/preview.server';

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await previewSessionOf(request))) {
    return new Response('Not in preview mode: open the page from the Studio.', {
      status: 401,
      headers: { 'cache-control': 'private, no-store', 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  return draftChangesStream(request.signal);
}
