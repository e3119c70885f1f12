/**
 * Live catalogue reads for page blocks, through the anonymous server client: the public_* views
 * (published rows, public columns) and published impact metrics. Each read checks `error`, gives
 * up after a few seconds (so a block shows its error state before the page stream times out) and
 * throws a plain Error; callers decide how to show it.
 */
import type { NotNullColumn } from '../../lib/supabase/database';
import { ilikeAnyFilter } from '../../lib/supabase/ilike-filter';
import { rowsWithValues } from '../../lib/supabase/rows-with-values';
import { serverSupabase } from '../../lib/supabase/server-client.server';
import { PROGRAM_TEXT_COLUMNS } from './catalogue-filter';

export type EventShow = 'upcoming' | 'past' | 'all';

/**
 * The columns each block cannot do without. The views copy them from NOT NULL table columns (the
 * `satisfies` keeps it so), though PostgreSQL types every view column as nullable.
 */
const EVENT_REQUIRED = [
  'id',
  'slug',
  'title',
  'description',
  'venue',
  'mode',
  'starts_at',
  'ends_at',
] as const satisfies readonly NotNullColumn<'events'>[];
const PROGRAM_REQUIRED = [
  'id',
  'title',
  'slug',
  'category',
  'focus',
  'description',
  'duration',
  'delivery_mode',
  'price_amount',
  'currency',
] as const satisfies readonly NotNullColumn<'training_programs'>[];
const INTAKE_REQUIRED = [
  'id',
  'program_id',
  'starts_on',
  'ends_on',
  'is_online',
  'capacity',
] as const satisfies readonly NotNullColumn<'program_intakes'>[];
const SERVICE_REQUIRED = ['id', 'title', 'slug', 'description'] as const satisfies readonly NotNullColumn<'services'>[];

export type EventRow = Awaited<ReturnType<typeof readEvents>>[number];
export type ProgramRow = Awaited<ReturnType<typeof readPrograms>>[number];
export type ServiceRow = Awaited<ReturnType<typeof readServices>>[number];
export type ImpactMetricRow = Awaited<ReturnType<typeof readImpactMetrics>>[number];

/** How long a live read may take before its block shows the error state. */
export const LIVE_READ_TIMEOUT_MS = 4_000;
/** The most rows a block may ask for (the schema's limit maximum). */
export const MAX_ROWS = 100;

/**
 * Which events a list shows and in what order. An event is upcoming until it has ended (so one
 * running today still shows), then past; upcoming soonest first, past most recent first.
 */
export function eventWindow(show: EventShow, now: Date) {
  const at = now.toISOString();
  switch (show) {
    case 'upcoming':
      return { endsAt: { op: 'gte', at }, ascending: true } as const;
    case 'past':
      return { endsAt: { op: 'lt', at }, ascending: false } as const;
    case 'all':
      return { endsAt: null, ascending: false } as const;
  }
}

/** A block's limit as a row count: whole, 1 to 100, default 100. */
export function rowLimit(limit: number | null | undefined): number {
  if (limit === null || limit === undefined || !Number.isFinite(limit)) return MAX_ROWS;
  return Math.min(MAX_ROWS, Math.max(1, Math.floor(limit)));
}

function failed(what: string, error: { message: string; code?: string }): Error {
  console.error(`[catalogue] reading ${what} failed:`, error.code ?? '', error.message);
  return new Error(`Could not read ${what}`);
}

export async function readEvents(options: { show: EventShow; limit?: number | null; now: Date }) {
  const window = eventWindow(options.show, options.now);
  let query = serverSupabase()
    .from('public_events')
    .select(
      'id, title, description, category, venue, mode, starts_at, ends_at, image_url, slug, capacity, seats_left, price_amount, currency',
    );
  if (window.endsAt?.op === 'gte') query = query.gte('ends_at', window.endsAt.at);
  if (window.endsAt?.op === 'lt') query = query.lt('ends_at', window.endsAt.at);
  const { data, error } = await query
    .order('starts_at', { ascending: window.ascending })
    .order('id')
    .limit(rowLimit(options.limit))
    .abortSignal(AbortSignal.timeout(LIVE_READ_TIMEOUT_MS));
  if (error) throw failed('events', error);
  return rowsWithValues(data, EVENT_REQUIRED, 'catalogue: public_events');
}

/**
 * Published programs in catalogue order: optionally one category and a text (matched literally,
 * case-insensitively, in title, category or focus, as the site search matches).
 */
export async function readPrograms(options: { category?: string | null; text?: string | null; limit?: number | null }) {
  let query = serverSupabase()
    .from('public_training_programs')
    .select(
      'id, title, slug, category, focus, description, duration, delivery_mode, price_amount, currency, image_url, early_bird_price, early_bird_until',
    );
  const category = options.category?.trim();
  if (category) query = query.eq('category', category);
  const text = ilikeAnyFilter(PROGRAM_TEXT_COLUMNS, options.text ?? '');
  if (text) query = query.or(text);
  const { data, error } = await query
    .order('sort_order')
    .order('title')
    .limit(rowLimit(options.limit))
    .abortSignal(AbortSignal.timeout(LIVE_READ_TIMEOUT_MS));
  if (error) throw failed('training programs', error);
  return rowsWithValues(data, PROGRAM_REQUIRED, 'catalogue: public_training_programs');
}

/** The categories of published programs, in catalogue order, each once: the filter's choices. */
export async function readProgramCategories(): Promise<string[]> {
  const { data, error } = await serverSupabase()
    .from('public_training_programs')
    .select('category')
    .order('sort_order')
    .order('title')
    .limit(MAX_ROWS)
    .abortSignal(AbortSignal.timeout(LIVE_READ_TIMEOUT_MS));
  if (error) throw failed('program categories', error);
  const categories = rowsWithValues(data, ['category'], 'catalogue: program categories').map((row) => row.category);
  return [...new Set(categories)];
}

/** One published program by its slug (its page, /training/<slug>), or null when there is none. */
export async function readProgram(slug: string) {
  const { data, error } = await serverSupabase()
    .from('public_training_programs')
    .select(
      'id, title, slug, category, focus, description, duration, delivery_mode, price_amount, currency, image_url, early_bird_price, early_bird_until',
    )
    .eq('slug', slug)
    .abortSignal(AbortSignal.timeout(LIVE_READ_TIMEOUT_MS))
    .maybeSingle();
  if (error) throw failed('a training program', error);
  return data ? (rowsWithValues([data], PROGRAM_REQUIRED, 'catalogue: public_training_programs')[0] ?? null) : null;
}

/** The published programs among `ids` (unknown or unpublished ones are simply absent): the checkout's prices. */
export async function readProgramsById(ids: readonly string[]) {
  if (ids.length === 0) return [];
  const { data, error } = await serverSupabase()
    .from('public_training_programs')
    .select(
      'id, title, slug, category, focus, description, duration, delivery_mode, price_amount, currency, image_url, tax_class, early_bird_price, early_bird_until',
    )
    .in('id', [...ids])
    .abortSignal(AbortSignal.timeout(LIVE_READ_TIMEOUT_MS));
  if (error) throw failed('training programs by id', error);
  return rowsWithValues(data, PROGRAM_REQUIRED, 'catalogue: public_training_programs');
}

/** Every published program's slug, for the sitemap. */
export async function readProgramSlugs(): Promise<string[]> {
  const { data, error } = await serverSupabase()
    .from('public_training_programs')
    .select('slug')
    .order('sort_order')
    .order('title')
    .abortSignal(AbortSignal.timeout(LIVE_READ_TIMEOUT_MS));
  if (error) throw failed('program slugs', error);
  return rowsWithValues(data, ['slug'], 'catalogue: program slugs').map((row) => row.slug);
}

export type IntakeRow = Awaited<ReturnType<typeof readIntakes>>[number];

/**
 * The upcoming published intakes of the given programs, soonest first, with their seats left
 * (full ones included, with 0). Bookings close the day before an intake starts.
 */
export async function readIntakes(programIds: readonly string[]) {
  if (programIds.length === 0) return [];
  const { data, error } = await serverSupabase()
    .from('public_program_intakes')
    .select(
      'id, program_id, starts_on, ends_on, is_online, venue, capacity, seats_left, seats_on_hold, early_bird_price, early_bird_until',
    )
    .in('program_id', [...programIds])
    .order('starts_on')
    .limit(MAX_ROWS * 5)
    .abortSignal(AbortSignal.timeout(LIVE_READ_TIMEOUT_MS));
  if (error) throw failed('program intakes', error);
  return rowsWithValues(data, [...INTAKE_REQUIRED, 'seats_left'], 'catalogue: public_program_intakes');
}

export async function readServices() {
  const { data, error } = await serverSupabase()
    .from('public_services')
    .select('id, title, slug, description, image_url')
    .order('sort_order')
    .order('title')
    .abortSignal(AbortSignal.timeout(LIVE_READ_TIMEOUT_MS));
  if (error) throw failed('services', error);
  return rowsWithValues(data, SERVICE_REQUIRED, 'catalogue: public_services');
}

export async function readImpactMetrics() {
  const { data, error } = await serverSupabase()
    .from('impact_metrics')
    .select('id, label, value, suffix')
    .eq('is_published', true)
    .order('sort_order')
    .abortSignal(AbortSignal.timeout(LIVE_READ_TIMEOUT_MS));
  if (error) throw failed('impact metrics', error);
  // A table, not a view: its generated row type is already exact.
  return data;
}
