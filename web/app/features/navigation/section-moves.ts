/**
 * What section scrolling does once there is something to do (use-hash-scroll.ts decides when and
 * loads this module then: most visits never scroll to a section, and every page's JavaScript
 * counts against the 118 KiB budget).
 */
import type { Location, NavigateFunction, NavigationType } from 'react-router';
import { HASH_SCROLL_DELAY_MS } from '../../config/shell';
import { fragmentId, normalisePath } from './nav-links';
import { scrollToSection } from './section-scroll';
import { startHomeAtTop } from './home-at-top';

/** Navigation state: the section to scroll to once the new page shows (use-hash-scroll.ts sets it). */
export interface PendingSectionState {
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

/** Scrolls to section `id` of this page (`path`), then puts its hash in the URL. */
export function goToSectionHere(navigate: NavigateFunction, path: string, id: string): void {
  if (!scrollToSection(id, () => addHash(navigate, path, id, false))) addHash(navigate, path, id, false);
}

/**
 * A page has just shown at `location` (at `shownAt`, performance.now()): scrolls to the section the
 * navigation asked for, or re-aligns the one in the URL, HASH_SCROLL_DELAY_MS after it showed;
 * otherwise / starts at the top. Returns what cancels a scroll still to come.
 */
export function scrollOnArrival(
  navigate: NavigateFunction,
  location: Location,
  navigationType: NavigationType,
  initial: boolean,
  shownAt: number,
): (() => void) | undefined {
  // The delay counts from the page showing, not from this module's arrival.
  const delay = Math.max(0, HASH_SCROLL_DELAY_MS - (performance.now() - shownAt));
  // Back/forward to such an entry (the visitor took over before the hash was added): leave it be.
  const pending = navigationType === 'POP' ? null : pendingSection(location.state);
  if (pending) {
    const { pathname } = location;
    const timer = window.setTimeout(() => {
      if (!scrollToSection(pending, () => addHash(navigate, pathname, pending, true))) {
        addHash(navigate, pathname, pending, true);
      }
    }, delay);
    return () => window.clearTimeout(timer);
  }
  if (location.hash) {
    // Re-align the page the visit starts on; later, back/forward keeps the restored position.
    if (!initial && (isSectionScrolled(location.state) || navigationType === 'POP')) return;
    const id = fragmentId(location.hash);
    const timer = window.setTimeout(() => scrollToSection(id), delay);
    return () => window.clearTimeout(timer);
  }
  startHomeAtTop(location.pathname, navigationType);
  return undefined;
}
