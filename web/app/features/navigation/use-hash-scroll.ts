/**
 * Section scrolling on navigation (specification: Header).
 *
 * React Router's ScrollRestoration jumps to a URL's hash element at once (no smoothness, no
 * delay), so section links never put the hash in the URL until their own scroll is done:
 * - same page: scroll smoothly now, then add the hash (the router's jump then has nothing to do);
 * - another page: navigate to the path with the section in the navigation state; the new page
 *   starts at the top and HASH_SCROLL_DELAY_MS later scrolls smoothly to the section, then the
 *   hash is added by replacing the entry.
 * A URL opened with a hash (or a plain router link carrying one) is re-aligned below the header
 * after the delay. Arriving at / without a hash scrolls to the top. Back/forward keeps the
 * position the router restores.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType, type NavigateFunction } from 'react-router';
import { HASH_SCROLL_DELAY_MS } from '../../config/shell';
import { fragmentId, normalisePath } from './nav-links';
import { scrollToSection, scrollToTop } from './section-scroll';

/** Navigation state: the section to scroll to once the new page shows. */
interface PendingSectionState {
  scrollToSection: string;
}

/** Navigation state: the hash was added after the scroll, nothing left to do. */
interface SectionScrolledState {
  sectionScrolled: true;
}

function pendingSection(state: unknown): string | null {
  return typeof state === 'object' && state !== null && 'scrollToSection' in state
    ? typeof state.scrollToSection === 'string'
      ? state.scrollToSection
      : null
    : null;
}

function isSectionScrolled(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'sectionScrolled' in state && state.sectionScrolled === true;
}

/** Puts `#id` in the URL once the page is there, unless the visitor has moved on to another page. */
function addHash(navigate: NavigateFunction, pathname: string, id: string, replace: boolean) {
  if (normalisePath(window.location.pathname) !== normalisePath(pathname)) return;
  const hash = `#${id}`;
  const state: SectionScrolledState = { sectionScrolled: true };
  void navigate(
    { pathname, search: window.location.search, hash },
    { replace: replace || window.location.hash === hash, preventScrollReset: true, state },
  );
}

/** For links: go to section `id` of page `path` (this page or another). */
export function useGoToSection(): (path: string, id: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (path: string, id: string) => {
      if (normalisePath(path) === normalisePath(pathname)) {
        if (!scrollToSection(id, () => addHash(navigate, path, id, false))) addHash(navigate, path, id, false);
        return;
      }
      const state: PendingSectionState = { scrollToSection: id };
      void navigate(path, { state });
    },
    [navigate, pathname],
  );
}

/** Mounted once in the site layout. */
export function useHashScroll(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const firstKey = useRef(location.key);
  useEffect(() => {
    const initial = location.key === firstKey.current;
    // Back/forward to such an entry (the visitor took over before the hash was added): leave it be.
    const pending = navigationType === 'POP' ? null : pendingSection(location.state);
    if (pending) {
      const { pathname } = location;
      const timer = window.setTimeout(() => {
        if (!scrollToSection(pending, () => addHash(navigate, pathname, pending, true))) {
          addHash(navigate, pathname, pending, true);
        }
      }, HASH_SCROLL_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    if (location.hash) {
      // Re-align the page the visit starts on; later, back/forward keeps the restored position.
      if (!initial && (isSectionScrolled(location.state) || navigationType === 'POP')) return;
      const id = fragmentId(location.hash);
      const timer = window.setTimeout(() => scrollToSection(id), HASH_SCROLL_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    if (location.pathname === '/' && navigationType !== 'POP') scrollToTop(false);
  }, [location, navigationType, navigate]);
}
