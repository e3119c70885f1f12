/** Any unknown /admin path: the site's not-found page inside the admin frame. */
import { data } from 'react-router';
import { NotFound } from '../../shell/not-found';

/** A document request for an unknown admin path answers 404 too (the page itself renders in the browser). */
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: 'Page not found | Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminNotFound() {
  return <NotFound />;
}
