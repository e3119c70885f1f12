/** The public site layout: header, the page, footer. */
import { Outlet, useLoaderData } from 'react-router';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { loadNavigation } from '../lib/sanity/site-settings.server';
import { useRootData } from '../root';

export async function loader() {
  return { navigation: await loadNavigation() };
}

export default function SiteLayout() {
  const { navigation } = useLoaderData<typeof loader>();
  const root = useRootData();
  if (!root) return null;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader navigation={navigation} settings={root.settings} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter settings={root.settings} />
    </>
  );
}
