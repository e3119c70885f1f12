/**
 * Live catalogue reads for page blocks, through the anonymous server client: the public_* views
 * (published rows, public columns) and published impact metrics. Each read checks `error`, gives
 * up after a few seconds (so a block shows its error state before the page stream times out) and
 * throws a plain Error; callers decide how to show it.
 */
import { serverSupabase } from '../../lib/supabase/server-client.server';

export type EventShow = 'upcoming' | 'past' | 'all';

export interface EventRow {
  id: string;
  title: string;
  description: string;
  category: string | null;
  venue: string;
  mode: string;
  starts_at: string;
  ends_at: string;
  registration_url: string | null;
}

export interface ProgramRow {
  id: string;
  title: string;
  slug: string;
  category: string;
  focus: string;
  description: string;
  duration: string;
  delivery_mode: string;
  price_amount: number;
  currency: string;
}

export interface ServiceRow {
  id: string;
  title: string;
  slug: string;
  description: string;
}

export interface ImpactMetricRow {
  id: string;
  label: string;
  value: number;
  suffix: string;
}

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

export async function readEvents(options: { show: EventShow; limit?: number | null; now: Date }): Promise<EventRow[]> {
  const window = eventWindow(options.show, options.now);
  let query = serverSupabase()
    .from('public_events')
    .select('id, title, description, category, venue, mode, starts_at, ends_at, registration_url');
  if (window.endsAt?.op === 'gte') query = query.gte('ends_at', window.endsAt.at);
  if (window.endsAt?.op === 'lt') query = query.lt('ends_at', window.endsAt.at);
  const { data, error } = await query
    .order('starts_at', { ascending: window.ascending })
    .order('id')
    .limit(rowLimit(options.limit))
    .abortSignal(AbortSignal.timeout(LIVE_READ_TIMEOUT_MS))
    .overrideTypes<EventRow[], { merge: false }>();
  if (error) throw failed('events', error);
  return data;
}

export async function readPrograms(options: {
  category?: string | null;
  limit?: number | null;
}): Promise<ProgramRow[]> {
  let query = serverSupabase()
    .from('public_training_programs')
    .select('id, title, slug, category, focus, description, duration, delivery_mode, price_amount, currency');
  const category = options.category?.trim();
  if (category) query = query.eq('category', category);
  const { data, error } = await query
    .order('sort_order')
    .order('title')
    .limit(rowLimit(options.limit))
    .abortSignal(AbortSignal.timeout(LIVE_READ_TIMEOUT_MS))
    .overrideTypes<ProgramRow[], { merge: false }>();
  if (error) throw failed('training programs', error);
  return data.map((row) => ({ ...row, price_amount: Number(row.price_amount) }));
}

export async function readServices(): Promise<ServiceRow[]> {
  const { data, error } = await serverSupabase()
    .from('public_services')
    .select('id, title, slug, description')
    .order('sort_order')
    .order('title')
    .abortSignal(AbortSignal.timeout(LIVE_READ_TIMEOUT_MS))
    .overrideTypes<ServiceRow[], { merge: false }>();
  if (error) throw failed('services', error);
  return data;
}

export async function readImpactMetrics(): Promise<ImpactMetricRow[]> {
  const { data, error } = await serverSupabase()
    .from('impact_metrics')
    .select('id, label, value, suffix')
    .eq('is_published', true)
    .order('sort_order')
    .abortSignal(AbortSignal.timeout(LIVE_READ_TIMEOUT_MS))
    .overrideTypes<ImpactMetricRow[], { merge: false }>();
  if (error) throw failed('impact metrics', error);
  return data.map((row) => ({ ...row, value: Number(row.value) }));
}
