/** Any unknown /admin path: the site's not-found page inside the admin frame. */
import { NotFound } from '../../shell/not-found';

export function meta() {
  return [{ title: 'Page not found | Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminNotFound() {
  return <NotFound />;
}
