/**
 * The search's three reads, issued together through the public views (index-backed for anon):
 * each matches the text literally and case-insensitively; if any read fails, the search fails.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { ilikeAnyFilter } from './ilike-filter';
import type { SearchResults } from './search-results';

/** Rows per group: enough to find something, few enough to scan in a dialog. */
export const RESULTS_PER_GROUP = 20;

const sources = {
  events: { view: 'public_events', select: 'id, title, description', match: ['title', 'description'] },
  programs: {
    view: 'public_training_programs',
    select: 'id, title, category, focus',
    match: ['title', 'category', 'focus'],
  },
  services: { view: 'public_services', select: 'id, title, description, slug', match: ['title', 'description'] },
} as const;

type Source = (typeof sources)[keyof typeof sources];

/** The selected columns of a source, as strings (PostgREST's JSON is checked, not trusted). */
function columnsOf(select: string): string[] {
  return select.split(',').map((column) => column.trim());
}

function toRows<Row>(data: unknown, source: Source): Row[] {
  const columns = columnsOf(source.select);
  if (!Array.isArray(data)) throw new Error(`${source.view}: expected rows`);
  return data.map((row: unknown) => {
    if (typeof row !== 'object' || row === null) throw new Error(`${source.view}: expected a row object`);
    const record = row as Record<string, unknown>;
    return Object.fromEntries(
      columns.map((column) => {
        const value = record[column];
        if (typeof value !== 'string' && typeof value !== 'number')
          throw new Error(`${source.view}: ${column} missing`);
        return [column, String(value)];
      }),
    ) as Row;
  });
}

async function read<Row>(client: SupabaseClient, source: Source, text: string, signal: AbortSignal): Promise<Row[]> {
  const filter = ilikeAnyFilter(source.match, text);
  if (filter === null) return [];
  // No automatic retries (postgrest-js waits 1 + 2 + 4 s on a network error): the dialog says at
  // once that the search failed and the visitor can simply try again.
  const { data, error } = await client
    .from(source.view)
    .select(source.select)
    .or(filter)
    .order('title')
    .limit(RESULTS_PER_GROUP)
    .retry(false)
    .abortSignal(signal);
  if (error) throw new Error(`${source.view}: ${error.message}`);
  return toRows<Row>(data, source);
}

/**
 * Searches events, training programs and services for `text`; blank text makes no call. The
 * first failure fails the search and cancels the reads still running, as does `signal`.
 */
export async function searchCatalogue(
  client: SupabaseClient,
  text: string,
  signal?: AbortSignal,
): Promise<SearchResults> {
  const reads = new AbortController();
  const cancel = () => reads.abort();
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    const [events, programs, services] = await Promise.all([
      read<SearchResults['events'][number]>(client, sources.events, text, reads.signal),
      read<SearchResults['programs'][number]>(client, sources.programs, text, reads.signal),
      read<SearchResults['services'][number]>(client, sources.services, text, reads.signal),
    ]);
    return { events, programs, services };
  } catch (error) {
    cancel();
    throw error;
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}
