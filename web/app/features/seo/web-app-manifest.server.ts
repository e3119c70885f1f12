/** The web app manifest: the institute's name and tagline from the CMS, the icons and colours of config/site-icons.ts. */
import { MANIFEST_COLOURS, SITE_ICONS } from '../../config/site-icons';

export interface ManifestSettings {
  instituteName: string;
  tagline?: string | null;
}

/** A home-screen label longer than this is cut by the launcher: the name is shortened at a word. */
const SHORT_NAME_MAX = 12;

function shortName(name: string): string {
  if (name.length <= SHORT_NAME_MAX) return name;
  const words = name.split(/\s+/);
  let short = words[0]!;
  for (const word of words.slice(1)) {
    if (`${short} ${word}`.length > SHORT_NAME_MAX) break;
    short = `${short} ${word}`;
  }
  return short.slice(0, SHORT_NAME_MAX);
}

export function webAppManifest(settings: ManifestSettings) {
  const name = settings.instituteName.trim();
  return {
    name,
    short_name: shortName(name),
    ...(settings.tagline ? { description: settings.tagline } : {}),
    start_url: '/',
    scope: '/',
    display: 'browser',
    lang: 'en',
    theme_color: MANIFEST_COLOURS.theme,
    background_color: MANIFEST_COLOURS.background,
    icons: [
      { src: SITE_ICONS.any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: SITE_ICONS.any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: SITE_ICONS.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: SITE_ICONS.svg, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}
