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

/** Goes to section `id` of page `path` from page `currentPath` (the same page or another). */
export function goToSection(navigate: NavigateFunction, currentPath: string, path: string, id: string): void {
  if (normalisePath(path) === normalisePath(currentPath)) {
    if (!scrollToSection(id, () => addHash(navigate, path, id, false))) addHash(navigate, path, id, false);
    return;
  }
  const state: PendingSectionState = { scrollToSection: id };
  void navigate(path, { state });
}

/**
 * A page has just shown at `location`: scrolls to the section the navigation asked for, or
 * re-aligns the one in the URL, after HASH_SCROLL_DELAY_MS; otherwise / starts at the top.
 * Returns what cancels a scroll still to come.
 */
export function scrollOnArrival(
  navigate: NavigateFunction,
  location: Location,
  navigationType: NavigationType,
  initial: boolean,
): (() => void) | undefined {
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
  startHomeAtTop(location.pathname, navigationType);
  return undefined;
}
