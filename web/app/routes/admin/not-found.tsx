/** Any unknown /admin path: the site's not-found page inside the admin frame. */
import { adminMeta } from '../../shell/admin/admin-meta';
import { data } from 'react-router';
import { NotFound } from '../../shell/not-found';

/** A document request for an unknown admin path answers 404 too (the page itself renders in the browser). */
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return adminMeta('Page not found');
}

export default function AdminNotFound() {
  return <NotFound />;
}
