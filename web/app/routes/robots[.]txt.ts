/** /robots.txt: crawl everything but the staff area, the sign-in and the customer's account; points at the sitemap. */
import { serverEnv } from '../config/env.server';
import { robotsTxt } from '../features/seo/sitemap.server';

export function loader() {
  return new Response(robotsTxt(serverEnv().SITE_URL), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
