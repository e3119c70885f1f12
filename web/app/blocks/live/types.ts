/** What live blocks receive from the loader: rows from Supabase, shaped and formatted on the server. */
import type { RENDER_DEGRADED_ATTRIBUTE } from '../../config/render-degraded';
import type { CatalogueFilter } from '../../features/catalogue/catalogue-filter';
import type { JsonLd } from '../../features/seo/types';

export type EventStatus = 'upcoming' | 'ongoing' | 'past';

export interface EventItem {
  id: string;
  title: string;
  description: string;
  category: string | null;
  venue: string;
  mode: string;
  startsAt: string;
  endsAt: string;
  /** Date and time range in Nairobi time, e.g. "Wed, 2 Dec 2026, 11:00–17:00 EAT". */
  when: string;
  /** Day and month of the start in Nairobi, for the calendar badge. */
  day: string;
  month: string;
  status: EventStatus;
  /** The event's picture (set on /admin/events), or null. */
  imageUrl: string | null;
  /** The site's own registration page: /events/<slug>/register. */
  registerHref: string;
  /** Seats left, or null when the event has no capacity limit. */
  seatsLeft: number | null;
  /** The price of a seat, or null for a free event. */
  price: { amount: number; currency: string; label: string } | null;
  /** The row's schema.org Event, built on the server. */
  jsonLd: JsonLd;
}

export interface ProgramItem {
  id: string;
  title: string;
  slug: string;
  /** The program's own page: /training/<slug>. */
  href: string;
  category: string;
  focus: string;
  description: string;
  duration: string;
  mode: string;
  /**
   * The price that applies now; while an early-bird price lasts, `until` ("until 1 Feb 2027, 23:59
   * EAT", kept with the price in the cart) and `note` (with the regular price after it).
   */
  price: { amount: number; currency: string; label: string; until?: string; note?: string };
  /** The program's picture (set on /admin/training-programs), or null. */
  imageUrl: string | null;
  /** The row's schema.org Course, built on the server. */
  jsonLd: JsonLd;
}

export interface ServiceItem {
  id: string;
  title: string;
  description: string;
  href: string;
  /** The service's picture (set on /admin/services), or null. */
  imageUrl: string | null;
}

export interface MetricItem {
  id: string;
  label: string;
  value: number;
  /** The number as shown, with its suffix: "12,500+". */
  display: string;
}

/** The rows each live block type renders. */
export interface LiveRows {
  stats: MetricItem[];
  eventList: EventItem[];
  programList: ProgramItem[];
  serviceList: ServiceItem[];
}

export type LiveBlockType = keyof LiveRows;

/**
 * A live read's outcome: its rows, or `failed` (the block shows its error state; the server has
 * logged why). A failed read is data, not a rejected promise, which would reach the browser as an
 * uncaught error wherever nothing awaits it. The server's failure carries the degraded marker, so
 * the page cache finds it in the streamed data and does not store the page (config/render-degraded.ts).
 */
export type LiveResult<Rows> = { rows: Rows } | { failed: true; degraded?: typeof RENDER_DEGRADED_ATTRIBUTE };

/**
 * A block's read: the promise the loader streams, or its outcome already in hand (a back/forward
 * navigation waits for the rows before the page shows: see settle-live-data.ts).
 */
export type LiveRead<Rows> = Promise<LiveResult<Rows>> | LiveResult<Rows>;

/** A filterable program list (the /training catalogue): the URL's filter and the categories to choose from. */
export interface CatalogueState {
  filter: CatalogueFilter;
  /** Read before the page renders (the form is server HTML, not streamed); empty when the read failed. */
  categories: string[];
}

/** Per live block type, a promise of its read's outcome keyed by the block's `_key` (streamed by the loader). */
export type StreamedReads = { [K in LiveBlockType]: Record<string, Promise<LiveResult<LiveRows[K]>>> };

/** What the loader returns: the streamed reads, and the filter of each program list the URL filters. */
export type StreamedLiveData = StreamedReads & { catalogue: Record<string, CatalogueState> };

/** What the blocks read: per live block type, its read keyed by the block's `_key`. */
export type LiveReads = { [K in LiveBlockType]: Record<string, LiveRead<LiveRows[K]>> };

/** LiveData as the blocks see it: the reads (settled or streaming) and the catalogue filters. */
export type LiveData = LiveReads & { catalogue: Record<string, CatalogueState> };
