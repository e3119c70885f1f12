/** `/preview/disable`: preview mode off (the cookie cleared), back to the public page. */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { clearedPreviewCookie } from '../features/preview/preview-cookie';
import { samePath } from '../features/preview/same-path';

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(samePath(url.searchParams.get('to') ?? undefined), {
    headers: { 'cache-control': 'private, no-store', 'set-cookie': clearedPreviewCookie(url) },
  });
}
