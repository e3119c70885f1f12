/** /manifest.webmanifest: the web app manifest (features/seo/web-app-manifest.server.ts), named from the site settings. */
import { webAppManifest } from '../features/seo/web-app-manifest.server';
import { loadSiteSettings } from '../lib/sanity/site-settings.server';

export async function loader() {
  const manifest = webAppManifest(await loadSiteSettings());
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
