/**
 * The /training filter as the URL carries it: `?q=<text>` (matched like the site search: title,
 * category or focus) and `?category=<name>`, so a filtered list can be shared, is rendered on the
 * server, and the search's "show all" link (`/training?q=...`) lands on it. Anything odd in the
 * query is cut down to size, never an error.
 */

export interface CatalogueFilter {
  /** Trimmed text, '' for none. */
  q: string;
  /** A category name, '' for every category. */
  category: string;
}

/** The columns the text filter searches: the same as the site search's programs, so its counts agree. */
export const PROGRAM_TEXT_COLUMNS = ['title', 'category', 'focus'] as const;

/** Longer text is cut: no program's title, category or focus comes near it. */
export const MAX_FILTER_LENGTH = 100;

const clean = (value: string | null) => (value ?? '').trim().slice(0, MAX_FILTER_LENGTH).trim();

export function catalogueFilter(params: URLSearchParams): CatalogueFilter {
  return { q: clean(params.get('q')), category: clean(params.get('category')) };
}

export function isFiltered(filter: CatalogueFilter): boolean {
  return filter.q !== '' || filter.category !== '';
}

/** The query string of a filter, without empty parameters: '?q=lead&category=Finance' or ''. */
export function filterSearch(filter: CatalogueFilter): string {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.category) params.set('category', filter.category);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The list's summary under a filter: "3 programmes matching “lead” in Finance". */
export function filterSummary(filter: CatalogueFilter, count: number): string {
  const programs = `${count} ${count === 1 ? 'programme' : 'programmes'}`;
  const matching = filter.q ? ` matching “${filter.q}”` : '';
  const inCategory = filter.category ? ` in ${filter.category}` : '';
  return `${programs}${matching}${inCategory}`;
}

/** What an empty filtered list says: "No programmes match “xyz” in Finance." */
export function noMatches(filter: CatalogueFilter): string {
  const matching = filter.q ? ` match “${filter.q}”` : '';
  const inCategory = filter.category ? ` in ${filter.category}` : '';
  return `No programmes${matching}${inCategory}.`;
}
