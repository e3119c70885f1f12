/**
 * `/preview/enable?sanity-preview-secret=…&sanity-preview-pathname=/about`: the Studio's
 * Presentation tool opens this in its iframe. A secret the content lake holds turns preview mode
 * on (the cookie, preview-cookie.ts) and goes on to the page; anything else is refused in words.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { previewCookie } from '../features/preview/preview-cookie';
import { previewConfigured, validatePreviewRequest } from '../features/preview/preview.server';
import { samePath } from '../features/preview/same-path';

const noStore = { 'cache-control': 'private, no-store' };

export async function loader({ request }: LoaderFunctionArgs) {
  if (!previewConfigured()) {
    return new Response('Preview mode is off on this site (SANITY_PREVIEW_TOKEN is not set).', {
      status: 404,
      headers: { ...noStore, 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const { isValid, redirectTo } = await validatePreviewRequest(request.url);
  const url = new URL(request.url);
  if (!isValid) {
    return new Response('This preview link is invalid or has expired: open the page from the Studio again.', {
      status: 401,
      headers: { ...noStore, 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const secret = url.searchParams.get('sanity-preview-secret') ?? '';
  return redirect(samePath(redirectTo), { headers: { ...noStore, 'set-cookie': previewCookie(secret, url) } });
}
