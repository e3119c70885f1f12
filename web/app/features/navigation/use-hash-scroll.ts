/**
 * Scroll behaviour on navigation (specification: Header). A location carrying a hash scrolls to
 * that section, below the header, after HASH_SCROLL_DELAY_MS so the new page has rendered; a
 * same-page section link has already scrolled itself and says so in its state. Arriving at / without
 * a hash scrolls to the top (back/forward keeps the restored position).
 */
import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { HASH_SCROLL_DELAY_MS } from '../../config/shell';
import { scrollToSection, scrollToTop } from './section-scroll';

/** Navigation state set by SiteLink when it scrolled to the section itself. */
export interface SectionScrollState {
  sectionScrolled: true;
}

export function isSectionScrollState(state: unknown): state is SectionScrollState {
  return typeof state === 'object' && state !== null && 'sectionScrolled' in state && state.sectionScrolled === true;
}

export function useHashScroll(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (location.hash) {
      if (isSectionScrollState(location.state)) return;
      const id = decodeURIComponent(location.hash.slice(1));
      const timer = window.setTimeout(() => scrollToSection(id), HASH_SCROLL_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    if (location.pathname === '/' && navigationType !== 'POP') scrollToTop(false);
    // location.key changes on every navigation, including a repeated click on the same link.
  }, [location.key, location.hash, location.pathname, location.state, navigationType]);
}
