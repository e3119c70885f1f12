/**
 * The site header: brand, the CMS main menu (disclosure submenus), search, cart with item count,
 * theme control and, on narrow screens, the mobile menu. The active item follows the path and
 * the linked section crossing the middle of the viewport; past HEADER_SCROLL_THRESHOLD_PX of
 * scroll the header takes its scrolled look (`data-scrolled="true"`). `data-site-header` is what
 * section scrolling measures for its offset (section-scroll.ts).
 */
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { HEADER_SCROLL_THRESHOLD_PX } from '../config/shell';
import { activeHref, sectionIdsForPath } from '../features/navigation/nav-links';
import { useActiveSection } from '../features/navigation/use-active-section';
import { useScrolledPast } from '../features/navigation/use-scrolled-past';
import { SearchButton } from '../features/search';
import { ThemeToggle } from '../features/theme/theme-toggle';
import type { ImageSources } from '../lib/sanity/image';
import type { Navigation, SiteSettings } from '../lib/sanity/site-settings.server';
import { CartLink } from './cart-link';
import { MainMenu } from './main-menu';
import { menuEntries, menuHrefs } from './menu-model';
import './site-header.css';

type Props = { navigation: Navigation; settings: SiteSettings; logo: ImageSources | null };

/**
 * The mobile menu's code (the dialog, its focus handling) loads when a visitor reaches for the menu
 * button, not with every page: the public pages' JavaScript budget is tight.
 */
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));
const preloadMobileMenu = () => void loadMobileMenu().catch(() => undefined);

/** Matches the CSS breakpoint where the menu bar replaces the menu button. */
const desktopQuery = '(min-width: 75em)';

export function SiteHeader({ navigation, settings, logo }: Props) {
  const location = useLocation();
  const entries = useMemo(() => menuEntries(navigation.mainMenu), [navigation]);
  const hrefs = useMemo(() => menuHrefs(entries), [entries]);
  const sectionIds = useMemo(() => sectionIdsForPath(hrefs, location.pathname), [hrefs, location.pathname]);
  const section = useActiveSection(sectionIds, location.pathname);
  const current = activeHref(hrefs, location.pathname, section);
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);

  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  // The dialog is in the page from its first opening on (its code loaded then).
  const [menuMounted, setMenuMounted] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // Navigation closes the mobile menu (focus then belongs to the new page): adjusted while
  // rendering, so the new page never renders under an open menu.
  const [menuLocation, setMenuLocation] = useState(location.key);
  if (menuLocation !== location.key) {
    setMenuLocation(location.key);
    setMenuOpen(false);
  }

  // Growing to the desktop layout closes it too: the bar shows the same links.
  useEffect(() => {
    if (!menuOpen) return;
    const query = window.matchMedia(desktopQuery);
    const onChange = () => query.matches && closeMenu();
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [menuOpen, closeMenu]);

  return (
    <header
      className="site-header"
      data-scrolled={scrolled ? 'true' : 'false'}
      data-site-header=""
      id="top"
      tabIndex={-1}
    >
      <div className="container site-header__row">
        <Link to="/" className="site-header__brand">
          {logo ? (
            <img
              src={logo.src}
              srcSet={logo.srcSet}
              alt={settings.instituteName}
              width={logo.width}
              height={logo.height}
              className="site-header__logo"
              decoding="async"
            />
          ) : (
            settings.instituteName
          )}
        </Link>
        <nav aria-label="Main" className="site-header__nav">
          <MainMenu entries={entries} activeHref={current} variant="bar" />
        </nav>
        <div className="site-header__actions">
          <SearchButton />
          <CartLink />
          <ThemeToggle />
          <button
            ref={menuButtonRef}
            type="button"
            className="icon-button site-header__menu-button"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={menuMounted ? menuId : undefined}
            onPointerEnter={preloadMobileMenu}
            onFocus={preloadMobileMenu}
            onClick={() => {
              setMenuMounted(true);
              setMenuOpen(true);
            }}
          >
            <span className="icon icon--menu" aria-hidden="true" />
          </button>
        </div>
      </div>
      {menuMounted ? (
        <Suspense fallback={null}>
          <MobileMenu
            id={menuId}
            open={menuOpen}
            onClose={closeMenu}
            opener={menuButtonRef}
            entries={entries}
            activeHref={current}
            title="Menu"
          />
        </Suspense>
      ) : null}
    </header>
  );
}
