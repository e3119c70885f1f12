/** The site shell's timing and scroll constants (specification §9), in one place. */

/** The header takes its scrolled look once the page is scrolled more than this many pixels. */
export const HEADER_SCROLL_THRESHOLD_PX = 50;

/** After a path change carrying a hash, wait this long for the new page before scrolling to the section. */
export const HASH_SCROLL_DELAY_MS = 100;

/** Duration of the page transition, in seconds (framer-motion's unit). */
export const PAGE_TRANSITION_SECONDS = 0.3;

/**
 * The logo's height at its largest, in the header (site-header.css) and on the sign-in card and
 * the maintenance page (`.brand-logo`, global.css): its pictures are made for it.
 */
export const LOGO_HEIGHT_PX = 36;
