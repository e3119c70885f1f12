/**
 * The site search: one call to the database's search_catalogue (its trigram indexes hold the
 * published rows only, supabase/migrations/20261128230200_site_search.sql), which matches the
 * text literally and case-insensitively and returns, per group, its first RESULTS_PER_GROUP rows
 * by title and how many matched in all. Blank text makes no call.
 */
import type { DatabaseClient } from '../../lib/supabase/database';

/** Rows per group: enough to find something, few enough to scan in a dialog. */
export const RESULTS_PER_GROUP = 20;

/** Each group's shown columns; every one must hold text. */
const groupColumns = {
  events: ['id', 'title', 'description'],
  programs: ['id', 'title', 'category', 'focus'],
  services: ['id', 'title', 'description', 'slug'],
} as const;

type Group = keyof typeof groupColumns;
type Hit<G extends Group> = Record<(typeof groupColumns)[G][number], string>;
export interface SearchResults {
  events: { rows: Hit<'events'>[]; total: number };
  programs: { rows: Hit<'programs'>[]; total: number };
  services: { rows: Hit<'services'>[]; total: number };
}

const noHits = { rows: [], total: 0 };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One group of the answer, checked (a hand-written guard: zod would add its weight to the
 * search's chunk for three flat shapes). A row missing a shown text is dropped and reported, as
 * a bug to see in the logs; the total counts it still, as the database matched it.
 */
function groupOf<G extends Group>(answer: Record<string, unknown>, group: G): SearchResults[G] {
  const value = answer[group];
  if (!isRecord(value) || !Array.isArray(value.rows) || typeof value.total !== 'number') {
    throw new Error(`search: the answer has no ${group}`);
  }
  const rows = value.rows.filter((row): row is Hit<G> => {
    const missing = groupColumns[group].filter((column) => !isRecord(row) || typeof row[column] !== 'string');
    if (missing.length > 0) console.error(`[search: ${group}] dropped a row without ${missing.join(', ')}`);
    return missing.length === 0;
  });
  return { rows, total: value.total } as SearchResults[G];
}

/** Searches events, training programs and services for `text`; `signal` cancels the call. */
export async function searchCatalogue(
  client: DatabaseClient,
  text: string,
  signal?: AbortSignal,
): Promise<SearchResults> {
  if (text.trim() === '') return { events: noHits, programs: noHits, services: noHits };
  let call = client.rpc('search_catalogue', { query: text, per_group: RESULTS_PER_GROUP });
  if (signal) call = call.abortSignal(signal);
  // No automatic retries (postgrest-js waits 1 + 2 + 4 s on a network error): the dialog says at
  // once that the search failed and the visitor can simply try again.
  const { data, error } = await call.retry(false);
  if (error) throw new Error(`search: ${error.message}`);
  if (!isRecord(data)) throw new Error('search: the answer is not an object');
  return { events: groupOf(data, 'events'), programs: groupOf(data, 'programs'), services: groupOf(data, 'services') };
}
