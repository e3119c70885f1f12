/**
 * Starts the live reads a page's blocks need, without awaiting them: the loader returns the
 * promises and React Router streams each block's rows as they arrive. Blocks that need the same
 * rows (two stats blocks) share one read; pages without live blocks read nothing.
 */
import { RENDER_DEGRADED_ATTRIBUTE } from '../../config/render-degraded';
import type { CatalogueFilter } from '../../features/catalogue/catalogue-filter';
import { earlyBirdNote, priceThatApplies } from '../../features/catalogue/early-bird';
import {
  readEvents,
  readImpactMetrics,
  readPrograms,
  readServices,
  type EventRow,
  type ProgramRow,
} from '../../features/catalogue/catalogue.server';
import { courseJsonLd, eventJsonLd, type JsonLdContext } from '../../features/seo/json-ld.server';
import type { PageBuilderBlock } from '../../lib/sanity/routable.server';
import { calendarBadge, eventStatus, formatEventWhen, formatMetric, formatPrice, modeLabel } from './format';
import type { EventItem, LiveResult, ProgramItem, StreamedLiveData } from './types';

export function toEventItem(row: EventRow, now: Date, context: JsonLdContext): EventItem {
  const item: Omit<EventItem, 'jsonLd'> = {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    venue: row.venue,
    mode: modeLabel(row.mode),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    when: formatEventWhen(row.starts_at, row.ends_at),
    ...calendarBadge(row.starts_at),
    status: eventStatus(row.starts_at, row.ends_at, now),
    imageUrl: row.image_url ?? null,
    registerHref: eventRegisterPath(row.slug),
    seatsLeft: row.seats_left,
    price:
      row.price_amount !== null && row.currency
        ? { amount: row.price_amount, currency: row.currency, label: formatPrice(row.price_amount, row.currency) }
        : null,
  };
  return { ...item, jsonLd: eventJsonLd(item, context) };
}

export function toProgramItem(row: ProgramRow, context: JsonLdContext): ProgramItem {
  // The price that applies now (an early-bird one while it lasts), as the program's page shows it.
  const applied = priceThatApplies(row);
  const item: Omit<ProgramItem, 'jsonLd'> = {
    id: row.id,
    title: row.title,
    slug: row.slug,
    href: programPath(row.slug),
    category: row.category,
    focus: row.focus,
    description: row.description,
    duration: row.duration,
    mode: modeLabel(row.delivery_mode),
    price: {
      amount: applied.amount,
      currency: row.currency,
      label: formatPrice(applied.amount, row.currency),
      ...(applied.until ? { until: applied.until, note: earlyBirdNote(row, applied) } : {}),
    },
    imageUrl: row.image_url ?? null,
  };
  return { ...item, jsonLd: courseJsonLd({ ...item, path: item.href }, context) };
}

/** An event's registration page. */
export function eventRegisterPath(slug: string): string {
  return `/events/${encodeURIComponent(slug)}/register`;
}

/** A program's page. */
export function programPath(slug: string): string {
  return `/training/${encodeURIComponent(slug)}`;
}

/** A read as its outcome (see LiveResult): it always resolves, so nothing rejects unhandled, here or in the browser. */
function settled<Rows>(read: Promise<Rows>): Promise<LiveResult<Rows>> {
  return read.then(
    (rows) => ({ rows }),
    (error: unknown) => {
      console.error('[live] a block’s rows could not be read:', error instanceof Error ? error.message : error);
      return { failed: true, degraded: RENDER_DEGRADED_ATTRIBUTE };
    },
  );
}

export interface LiveOptions {
  /**
   * The URL's catalogue filter, on the page that has one (/training): it applies to the page's
   * program lists that show every category, and they get the filter form.
   */
  catalogue?: { filter: CatalogueFilter; categories: string[] };
  now?: Date;
}

/** `context`: the site's origin and name, for each row's JSON-LD. */
export function loadLiveBlocks(
  blocks: readonly PageBuilderBlock[],
  context: JsonLdContext,
  { catalogue, now = new Date() }: LiveOptions = {},
): StreamedLiveData {
  const live: StreamedLiveData = { stats: {}, eventList: {}, programList: {}, serviceList: {}, catalogue: {} };
  let metrics: StreamedLiveData['stats'][string] | undefined;
  let services: StreamedLiveData['serviceList'][string] | undefined;
  for (const block of blocks) {
    switch (block._type) {
      case 'stats':
        metrics ??= settled(
          readImpactMetrics().then((rows) =>
            rows.map((row) => ({
              id: row.id,
              label: row.label,
              value: row.value,
              display: formatMetric(row.value, row.suffix),
            })),
          ),
        );
        live.stats[block._key] = metrics;
        break;
      case 'serviceList':
        services ??= settled(
          readServices().then((rows) =>
            rows.map((row) => ({
              id: row.id,
              title: row.title,
              description: row.description,
              href: `/services/${row.slug}`,
              imageUrl: row.image_url ?? null,
            })),
          ),
        );
        live.serviceList[block._key] = services;
        break;
      case 'eventList':
        live.eventList[block._key] = settled(
          readEvents({ show: block.show ?? 'upcoming', limit: block.limit, now }).then((rows) =>
            rows.map((row) => toEventItem(row, now, context)),
          ),
        );
        break;
      case 'programList': {
        const filter = catalogue && !block.category ? catalogue.filter : undefined;
        if (catalogue && filter) live.catalogue[block._key] = catalogue;
        live.programList[block._key] = settled(
          readPrograms({
            category: filter ? filter.category : block.category,
            text: filter?.q,
            limit: block.limit,
          }).then((rows) => rows.map((row) => toProgramItem(row, context))),
        );
        break;
      }
    }
  }
  return live;
}
