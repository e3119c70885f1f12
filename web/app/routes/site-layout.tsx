/** The public site layout: skip link, header, the page (with its transition), footer. */
import { useEffect, useRef } from 'react';
import { Outlet, useLoaderData, useLocation } from 'react-router';
import { PageTransition } from '../shell/page-transition';
import { SiteHeader } from '../shell/site-header';
import { hydrateWhenNear } from '../components/ui/hydrate-when-near';
import { useHashScroll } from '../features/navigation/use-hash-scroll';
import { configureBrowserSupabase } from '../lib/supabase/browser-env';
import { loadNavigation } from '../lib/sanity/site-settings.server';
import { useRootData } from '../lib/root-data';
import { siteFooterId } from '../shell/site-footer-id';
import '../shell/site-shell.css';
// With the layout, not the footer's code: the server's footer needs its styles before that loads.
import '../shell/site-footer.css';

export async function loader() {
  return { navigation: await loadNavigation() };
}

/** Below the fold on every page: its code loads when the visitor comes near it. */
const SiteFooter = hydrateWhenNear(siteFooterId, () =>
  import('../shell/site-footer').then((module) => module.SiteFooter),
);

/** After a client-side page change (not a section jump), focus moves to the new page's content. */
function useFocusMainOnNavigation() {
  const { pathname, hash } = useLocation();
  const previousPath = useRef(pathname);
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    if (!hash) document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname, hash]);
}

export default function SiteLayout() {
  const { navigation } = useLoaderData<typeof loader>();
  const root = useRootData();
  configureBrowserSupabase(root?.env);
  useHashScroll();
  useFocusMainOnNavigation();
  if (!root) return null;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader navigation={navigation} settings={root.settings} logo={root.logo} />
      <main id="main" className="site-main" tabIndex={-1}>
        <PageTransition>
          <Outlet />
        </PageTransition>
      </main>
      <SiteFooter settings={root.settings} />
    </>
  );
}
