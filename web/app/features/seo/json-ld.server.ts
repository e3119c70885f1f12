/**
 * schema.org JSON-LD builders: the Organization on every page, a BreadcrumbList per page, a
 * Course per training program shown and an Event per event shown. Pure functions of their input.
 */
import type { JsonLd, SeoSettings } from './types';
import { absoluteUrl, logoUrl } from './urls.server';

/** The Organization's node id, so Course and Event can point at it instead of repeating it. */
export const organizationId = (siteUrl: string) => absoluteUrl(siteUrl, '/#organization');

export function organizationJsonLd(settings: SeoSettings, siteUrl: string): JsonLd {
  const { address } = settings;
  const logo = logoUrl(settings.logo);
  const sameAs = (settings.socialLinks ?? []).map((link) => link.url);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(siteUrl),
    name: settings.instituteName,
    url: absoluteUrl(siteUrl, '/'),
    ...(settings.tagline ? { description: settings.tagline } : {}),
    ...(logo ? { logo } : {}),
    email: settings.email,
    telephone: settings.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.area ? `${address.street}, ${address.area}` : address.street,
      addressLocality: address.city,
      addressCountry: address.country,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: settings.phone,
      email: settings.email,
      areaServed: 'KE',
      availableLanguage: ['en'],
    },
    ...(sameAs.length ? { sameAs } : {}),
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[], siteUrl: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

/** Where the rows of Course and Event point back to, and who provides them. */
export interface JsonLdContext {
  siteUrl: string;
  instituteName: string;
}

const provider = ({ siteUrl, instituteName }: JsonLdContext) => ({
  '@type': 'Organization',
  '@id': organizationId(siteUrl),
  name: instituteName,
  url: absoluteUrl(siteUrl, '/'),
});

/** Delivery modes, stored ('in-person', 'virtual', 'hybrid') or as shown ('In person', 'Online'). */
type Mode = 'onsite' | 'online' | 'blended';
function deliveryMode(mode: string | null | undefined): Mode | undefined {
  const key = mode
    ?.trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (key === 'in person' || key === 'onsite' || key === 'classroom') return 'onsite';
  if (key === 'virtual' || key === 'online') return 'online';
  if (key === 'hybrid' || key === 'blended') return 'blended';
  return undefined;
}
const courseModes: Record<Mode, string> = { onsite: 'Onsite', online: 'Online', blended: 'Blended' };
const attendanceModes: Record<Mode, string> = {
  onsite: 'https://schema.org/OfflineEventAttendanceMode',
  online: 'https://schema.org/OnlineEventAttendanceMode',
  blended: 'https://schema.org/MixedEventAttendanceMode',
};

/** A training program as the program list shows it (app/blocks/live ProgramItem satisfies it). */
export interface CourseSource {
  title: string;
  description: string;
  category?: string | null;
  focus?: string | null;
  mode?: string | null;
  price?: { amount: number; currency: string } | null;
  /** The program's own page (default /training, the catalogue). */
  path?: string;
  /** The program's picture: an absolute URL or a site path. */
  imageUrl?: string | null;
  /** Upcoming dated intakes: each a CourseInstance. */
  intakes?: ReadonlyArray<{ startDate: string; endDate: string; online: boolean; venue?: string | null }>;
}

/** A Course for one training program row shown on a page. */
export function courseJsonLd(program: CourseSource, context: JsonLdContext): JsonLd {
  const mode = deliveryMode(program.mode);
  const price = program.price;
  const keywords = [program.category, program.focus].filter((word): word is string => Boolean(word));
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: program.title,
    description: program.description,
    url: absoluteUrl(context.siteUrl, program.path ?? '/training'),
    provider: provider(context),
    ...(program.imageUrl ? { image: [absoluteUrl(context.siteUrl, program.imageUrl)] } : {}),
    ...(keywords.length ? { keywords: keywords.join(', ') } : {}),
    ...(price && Number.isFinite(price.amount)
      ? {
          offers: { '@type': 'Offer', category: 'Paid', price: price.amount.toFixed(2), priceCurrency: price.currency },
        }
      : {}),
    ...courseInstances(program, mode),
  };
}

/** One CourseInstance per dated intake (with its dates and place), else the delivery mode alone. */
function courseInstances({ intakes }: CourseSource, mode: Mode | undefined): Record<string, unknown> {
  if (intakes?.length) {
    return {
      hasCourseInstance: intakes.map((intake) => ({
        '@type': 'CourseInstance',
        courseMode: courseModes[intake.online ? 'online' : mode === 'blended' ? 'blended' : 'onsite'],
        startDate: intake.startDate,
        endDate: intake.endDate,
        ...(intake.online
          ? { location: { '@type': 'VirtualLocation' } }
          : intake.venue
            ? { location: { '@type': 'Place', name: intake.venue, address: intake.venue } }
            : {}),
      })),
    };
  }
  return mode ? { hasCourseInstance: { '@type': 'CourseInstance', courseMode: courseModes[mode] } } : {};
}

/** An event as the event list shows it (app/blocks/live EventItem satisfies it). */
export interface EventSource {
  title: string;
  description: string;
  venue: string;
  mode?: string | null;
  startsAt: string;
  endsAt: string;
  imageUrl?: string | null;
  /** The site's registration page for the event (a path or an absolute URL). */
  registerHref?: string | null;
  /** Seats left; null: no capacity limit. */
  seatsLeft?: number | null;
  /** Null: a free event. */
  price?: { amount: number; currency: string } | null;
}

/** schema.org availability of an event's seats: sold out when none are left (the waitlist stays open). */
function availability(seatsLeft: number | null | undefined): string {
  if (seatsLeft === 0) return 'https://schema.org/SoldOut';
  if (typeof seatsLeft === 'number' && seatsLeft <= 5) return 'https://schema.org/LimitedAvailability';
  return 'https://schema.org/InStock';
}

/** An Event for one event row shown on a page (/events, the home page). */
export function eventJsonLd(event: EventSource, context: JsonLdContext): JsonLd {
  const mode = deliveryMode(event.mode) ?? 'onsite';
  const place = { '@type': 'Place', name: event.venue, address: event.venue };
  const registerUrl = event.registerHref ? absoluteUrl(context.siteUrl, event.registerHref) : null;
  const online = { '@type': 'VirtualLocation', url: registerUrl ?? absoluteUrl(context.siteUrl, '/events') };
  const location = mode === 'online' ? online : mode === 'blended' ? [place, online] : place;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description,
    startDate: event.startsAt,
    endDate: event.endsAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: attendanceModes[mode],
    location,
    url: absoluteUrl(context.siteUrl, '/events'),
    organizer: provider(context),
    ...(event.imageUrl ? { image: [absoluteUrl(context.siteUrl, event.imageUrl)] } : {}),
    ...(registerUrl
      ? {
          offers: {
            '@type': 'Offer',
            url: registerUrl,
            availability: availability(event.seatsLeft),
            price: event.price?.amount ?? 0,
            priceCurrency: event.price?.currency ?? 'KES',
          },
        }
      : {}),
  };
}
