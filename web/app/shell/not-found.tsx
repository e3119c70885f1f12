/**
 * The not-found page, shown with status 404: on the public site, the site search and the main
 * menu's pages as suggestions, so a visitor who followed a dead link can go on.
 */
import { Link, useRouteLoaderData } from 'react-router';
import { SearchButton } from '../features/search';
import type { Navigation } from '../lib/sanity/site-settings.server';
import { menuEntries } from './menu-model';

/** The public site layout's loader data (routes/site-layout.tsx); absent in the admin area. */
const SITE_LAYOUT_ROUTE_ID = 'routes/site-layout';

export function NotFound() {
  const layout = useRouteLoaderData<{ navigation: Navigation }>(SITE_LAYOUT_ROUTE_ID);
  const suggestions = layout ? menuEntries(layout.navigation.mainMenu).filter((entry) => entry.href) : [];
  return (
    <section className="not-found container">
      <p className="eyebrow">404</p>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      {layout ? (
        <>
          <p className="not-found__search">
            Search the site: <SearchButton className="button" />
          </p>
          {suggestions.length > 0 ? (
            <nav aria-labelledby="not-found-suggestions">
              <h2 id="not-found-suggestions">Perhaps one of these pages</h2>
              <ul className="not-found__links">
                {suggestions.map((entry) => (
                  <li key={entry.key}>
                    <Link to={entry.href}>{entry.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </>
      ) : null}
      <p>
        <Link to="/">Go to the home page</Link> or <Link to="/contact">contact us</Link>.
      </p>
    </section>
  );
}
