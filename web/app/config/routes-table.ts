/** The slug-to-route table: every public CMS path of the spec and the Sanity document that renders it. */

export type RoutableType = 'page' | 'service' | 'trainingModel';

export interface RouteDocument {
  type: RoutableType;
  slug: string;
}

/** The ten services, in the spec's order; each slug equals the Supabase `services.slug`. */
export const SERVICE_SLUGS = [
  'strategic-leadership',
  'professional-development',
  'digital-transformation',
  'financial-excellence',
  'governance-risk-excellence',
  'agribusiness-training',
  'training-and-development',
  'hr-advisory',
  'enterprise-development',
  'team-building',
] as const;

/** The training-model section: the overview and its three subpages. */
export const TRAINING_MODEL_SLUGS = ['training-model', 'delivery-methods', 'training-modes', 'effectiveness'] as const;

/** The booking terms the checkout's consent links to (not in the specification's list of paths). */
export const TERMS_PATH = '/terms';

const page = (slug: string): RouteDocument => ({ type: 'page', slug });
/** `[canonical path, document]`, the path derived by `pathForDocument`. */
const entry = (document: RouteDocument): [string, RouteDocument] => [pathForDocument(document), document];

/** Public path (no trailing slash) -> document. Cart, checkout, login and admin are not CMS routes. */
export const ROUTES: Readonly<Record<string, RouteDocument>> = {
  '/': page('home'),
  '/about': page('about'),
  '/about/mission-vision': page('about/mission-vision'),
  '/about/why-choose-us': page('about/why-choose-us'),
  '/about/business-partners': page('about/business-partners'),
  '/about/our-clients': page('about/our-clients'),
  '/about/accreditation': page('about/accreditation'),
  '/about/csr': page('about/csr'),
  '/services': page('services'),
  ...Object.fromEntries(SERVICE_SLUGS.map((slug) => entry({ type: 'service', slug }))),
  '/ascent-technologies': page('ascent-technologies'),
  '/ascent-shield-insurance': page('ascent-shield-insurance'),
  '/training': page('training'),
  ...Object.fromEntries(TRAINING_MODEL_SLUGS.map((slug) => entry({ type: 'trainingModel', slug }))),
  '/events': page('events'),
  '/contact': page('contact'),
  '/media': page('media'),
  '/media/event-galleries': page('media'),
  [TERMS_PATH]: page('terms'),
};

/** Every public CMS path, in the spec's order. */
export const ROUTE_PATHS: readonly string[] = Object.keys(ROUTES);

/** The document rendering `path` (trailing slash, query and hash ignored), or undefined for a non-CMS path. */
export function documentForPath(path: string): RouteDocument | undefined {
  const bare = path.replace(/[?#].*$/, '');
  const normalised = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return Object.hasOwn(ROUTES, normalised) ? ROUTES[normalised] : undefined;
}

/** The canonical public path of a document (the inverse of the slug conventions in schemas/README.md). */
export function pathForDocument({ type, slug }: RouteDocument): string {
  if (type === 'service') return `/services/${slug}`;
  if (type === 'trainingModel') return slug === 'training-model' ? '/training-model' : `/training-model/${slug}`;
  return slug === 'home' ? '/' : `/${slug}`;
}
