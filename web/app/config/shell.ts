/** The site shell's timing and scroll constants (specification §9), in one place. */

/** The header takes its scrolled look once the page is scrolled more than this many pixels. */
export const HEADER_SCROLL_THRESHOLD_PX = 50;

/** After a path change carrying a hash, wait this long for the new page before scrolling to the section. */
export const HASH_SCROLL_DELAY_MS = 100;

/** Duration of the page transition, in seconds (framer-motion's unit). */
export const PAGE_TRANSITION_SECONDS = 0.3;

/** The header logo's height at its largest (site-header.css): its pictures are made for it. */
export const HEADER_LOGO_HEIGHT_PX = 36;
