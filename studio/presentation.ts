/**
 * The Presentation tool (issue 31): the website in the Studio, with drafts shown as the editor
 * types and click-to-edit. Its preview origin is SANITY_STUDIO_PREVIEW_ORIGIN (inlined at build
 * time), the local stack's website by default; preview mode is the website's /preview/enable and
 * /preview/disable (docs/preview.md). Which document renders where comes from the website's
 * slug-to-route table, the one source of truth for paths, both ways: a document lists the page
 * that shows it, and a page opened in the preview opens its document.
 */
import {
  defineDocuments,
  defineLocations,
  presentationTool,
  type DocumentLocationResolvers,
} from 'sanity/presentation';
import { documentForPath, pathForDocument, ROUTES, type RoutableType } from '../web/app/config/routes-table.ts';

/** The local stack's website (WEB_PORT's default in .env.example). */
export const LOCAL_PREVIEW_ORIGIN = 'http://127.0.0.1:3000';

export function previewOrigin(configured: string | undefined): string {
  if (!configured) return LOCAL_PREVIEW_ORIGIN;
  if (!/^https?:\/\/[^/]+$/.test(configured))
    throw new Error(`SANITY_STUDIO_PREVIEW_ORIGIN="${configured}" is not an origin (e.g. https://ascent.example)`);
  return configured;
}

const routableTypes: readonly RoutableType[] = ['page', 'service', 'trainingModel'];

/** The public page a routable document renders on, if the route table has it. */
export function locationOf(type: RoutableType, document: { title?: string | null; slug?: string | null } | null) {
  if (!document?.slug) return null;
  const href = pathForDocument({ type, slug: document.slug });
  if (documentForPath(href) === undefined) return { message: `No page of the website shows ${href}` };
  return { locations: [{ title: document.title ?? href, href }] };
}

const locations: DocumentLocationResolvers = Object.fromEntries(
  routableTypes.map((type) => [
    type,
    defineLocations({
      select: { title: 'title', slug: 'slug.current' },
      resolve: (document) => locationOf(type, document as { title?: string; slug?: string } | null),
    }),
  ]),
);

/** Each path of the table to its document, for the page opened in the preview. */
const mainDocuments = defineDocuments(
  Object.entries(ROUTES).map(([route, { type, slug }]) => ({
    route,
    filter: `_type == $type && slug.current == $slug`,
    params: { type, slug },
  })),
);

/**
 * The local stack's Studio may also show a website on another loopback port (`?preview=` in the
 * Studio's address; test stacks run on free ports); a configured origin is the only one allowed.
 */
export function allowedPreviewOrigins(origin: string): string[] {
  const { hostname } = new URL(origin);
  return hostname === '127.0.0.1' || hostname === 'localhost' ? ['http://127.0.0.1:*', 'http://localhost:*'] : [origin];
}

export function websitePresentation() {
  const origin = previewOrigin(process.env.SANITY_STUDIO_PREVIEW_ORIGIN);
  return presentationTool({
    allowOrigins: allowedPreviewOrigins(origin),
    previewUrl: {
      initial: origin,
      previewMode: { enable: '/preview/enable', disable: '/preview/disable' },
    },
    resolve: { locations, mainDocuments },
  });
}
