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
 * The code that scrolls (section-moves.ts) loads when a page has a section to go to: on a visit
 * with a hash or section state, or at the first section link a visitor follows.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { startHomeAtTop } from './home-at-top';
import { normalisePath } from './nav-links';
import type { PendingSectionState } from './section-moves';

const loadSectionMoves = () => import('./section-moves');

/** For links: go to section `id` of page `path` (this page or another). */
export function useGoToSection(): (path: string, id: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (path: string, id: string) => {
      if (normalisePath(path) === normalisePath(pathname)) {
        loadSectionMoves().then(
          ({ goToSectionHere }) => goToSectionHere(navigate, path, id),
          // Without the code (offline, a new deployment): the router's jump to the section.
          () => void navigate({ pathname: path, hash: `#${id}` }),
        );
        return;
      }
      // The other page scrolls once it shows: its code loads meanwhile.
      loadSectionMoves().catch(() => undefined);
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
    if (!location.hash && location.state === null) {
      startHomeAtTop(location.pathname, navigationType);
      return; // no section to go to: nothing to load
    }
    const initial = location.key === firstKey.current;
    const shownAt = performance.now();
    let cancel: (() => void) | undefined;
    let left = false;
    loadSectionMoves().then(
      ({ scrollOnArrival }) => {
        if (!left) cancel = scrollOnArrival(navigate, location, navigationType, initial, shownAt);
      },
      () => undefined, // without the code (offline, a new deployment) the page stays where the router put it
    );
    return () => {
      left = true;
      cancel?.();
    };
  }, [location, navigationType, navigate]);
}
