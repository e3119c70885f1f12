/**
 * The site's icons (web/public, made from the logo's mark by `npm run icons`) and the web app
 * manifest's colours: the light theme's background and brand colour (styles/global.css).
 */
export const SITE_ICONS = {
  ico: '/favicon.ico',
  svg: '/favicon.svg',
  appleTouch: '/apple-touch-icon.png',
  /** For the manifest: transparent corners ("any") and a full-bleed square ("maskable"). */
  any192: '/icon-192.png',
  any512: '/icon-512.png',
  maskable512: '/icon-maskable-512.png',
} as const;

export const MANIFEST_PATH = '/manifest.webmanifest';

export const MANIFEST_COLOURS = { theme: '#0b5d4b', background: '#ffffff' } as const;

/**
 * The tags every document's <head> carries for them. The tab's icon is the .ico's bitmaps (48 px
 * covers a 16 px tab at 3×): an SVG icon is a document the page's main thread builds as it loads.
 */
export const ICON_LINK_TAGS = [
  `<link rel="icon" href="${SITE_ICONS.ico}" sizes="16x16 32x32 48x48"/>`,
  `<link rel="apple-touch-icon" href="${SITE_ICONS.appleTouch}"/>`,
  `<link rel="manifest" href="${MANIFEST_PATH}"/>`,
].join('');
