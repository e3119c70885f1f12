/** Site header (first cut: brand, main menu, theme control). */
import { Link, NavLink } from 'react-router';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import type { Navigation, SiteSettings } from '../../lib/sanity/site-settings.server';

type Props = { navigation: Navigation; settings: SiteSettings };

export function SiteHeader({ navigation, settings }: Props) {
  return (
    <header className="site-header">
      <div className="container header-row">
        <Link to="/" className="brand">
          {settings.instituteName}
        </Link>
        <nav aria-label="Main">
          <ul className="main-menu">
            {navigation.mainMenu?.map((item) => (
              <li key={item._key}>
                <NavLink to={item.link?.href ?? '/'}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ThemeToggle />
      </div>
    </header>
  );
}
