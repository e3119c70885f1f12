/**
 * The search's three reads, issued together through the public views (index-backed for anon):
 * each matches the text literally and case-insensitively, returns its first RESULTS_PER_GROUP
 * rows and how many matched in all; if any read fails, the search fails. Rows are typed from the
 * generated `Database` by supabase-js's select-string inference.
 */
import type { PostgrestResponse } from '@supabase/supabase-js';
import type { DatabaseClient, NotNullColumn } from '../../lib/supabase/database';
import { rowsWithValues } from '../../lib/supabase/rows-with-values';
import { ilikeAnyFilter } from '../../lib/supabase/ilike-filter';

/** Rows per group: enough to find something, few enough to scan in a dialog. */
export const RESULTS_PER_GROUP = 20;

/** The calls every search read makes on supabase-js's query builder. */
interface SearchChain {
  or(filter: string): this;
  order(column: 'title'): this;
  limit(count: number): this;
  retry(enabled: boolean): this;
  abortSignal(signal: AbortSignal): this;
}

function matching<Query extends SearchChain>(query: Query, filter: string, signal: AbortSignal): Query {
  // No automatic retries (postgrest-js waits 1 + 2 + 4 s on a network error): the dialog says at
  // once that the search failed and the visitor can simply try again.
  return query.or(filter).order('title').limit(RESULTS_PER_GROUP).retry(false).abortSignal(signal);
}

/** Each read asks PostgREST for the number of matching rows too (Content-Range). */
const withTotal = { count: 'exact' } as const;

/**
 * A read's rows and how many rows matched in all (more than the rows when the limit cut them),
 * or its error thrown; every column a hit shows must hold a value.
 */
function hits<Row extends object, Column extends keyof Row & string>(
  view: string,
  { data, error, count }: PostgrestResponse<Row>,
  required: readonly Column[],
) {
  if (error) throw new Error(`${view}: ${error.message}`);
  const rows = rowsWithValues(data, required, `search: ${view}`);
  // Rows beyond the limit count; a row dropped for a missing value does not.
  return { rows, total: rows.length + Math.max(0, (count ?? data.length) - data.length) };
}

/** A group with nothing to show: blank text makes no call. */
const noHits = { rows: [], total: 0 };

// Each hit's columns are NOT NULL in the view's table (`satisfies` keeps it so).
async function searchEvents(client: DatabaseClient, text: string, signal: AbortSignal) {
  const filter = ilikeAnyFilter(['title', 'description'], text);
  if (filter === null) return noHits;
  const response = await matching(
    client.from('public_events').select('id, title, description', withTotal),
    filter,
    signal,
  );
  return hits('public_events', response, ['id', 'title', 'description'] satisfies NotNullColumn<'events'>[]);
}

async function searchPrograms(client: DatabaseClient, text: string, signal: AbortSignal) {
  const filter = ilikeAnyFilter(['title', 'category', 'focus'], text);
  if (filter === null) return noHits;
  const query = client.from('public_training_programs').select('id, title, category, focus', withTotal);
  const response = await matching(query, filter, signal);
  const required = ['id', 'title', 'category', 'focus'] satisfies NotNullColumn<'training_programs'>[];
  return hits('public_training_programs', response, required);
}

async function searchServices(client: DatabaseClient, text: string, signal: AbortSignal) {
  const filter = ilikeAnyFilter(['title', 'description'], text);
  if (filter === null) return noHits;
  const response = await matching(
    client.from('public_services').select('id, title, description, slug', withTotal),
    filter,
    signal,
  );
  return hits('public_services', response, [
    'id',
    'title',
    'description',
    'slug',
  ] satisfies NotNullColumn<'services'>[]);
}

/**
 * Searches events, training programs and services for `text`; blank text makes no call. The
 * first failure fails the search and cancels the reads still running, as does `signal`.
 */
export async function searchCatalogue(client: DatabaseClient, text: string, signal?: AbortSignal) {
  const reads = new AbortController();
  const cancel = () => reads.abort();
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    const [events, programs, services] = await Promise.all([
      searchEvents(client, text, reads.signal),
      searchPrograms(client, text, reads.signal),
      searchServices(client, text, reads.signal),
    ]);
    return { events, programs, services };
  } catch (error) {
    cancel();
    throw error;
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

/** What a search finds, per group: its rows (the selected columns, each holding a value) and how many matched. */
export type SearchResults = Awaited<ReturnType<typeof searchCatalogue>>;
