/**
 * How the search's rows are grouped for display (Events, Training Programs, Services, with
 * their links), and the dialog's states: idle, loading, error, results. Pure, for the dialog and tests.
 */
import type { SearchResults } from './search-catalogue';

export type { SearchResults };

export interface ResultItem {
  id: string;
  title: string;
  detail: string;
  href: string;
}

export type GroupKey = keyof SearchResults;

export interface ResultGroup {
  key: GroupKey;
  heading: 'Events' | 'Training Programs' | 'Services';
  items: ResultItem[];
  /** How many rows matched; more than `items` when the search's limit cut the group. */
  total: number;
  /** Where to see every match, for a group cut short. */
  more: { href: string; label: string } | null;
}

/**
 * Where the rest of a cut group is: the training catalogue filtered by the same text (its `q`
 * parameter), and the full lists of events and services (they take no filter).
 */
function seeAll(key: GroupKey, query: string, total: number): ResultGroup['more'] {
  switch (key) {
    case 'programs':
      return {
        href: `/training?q=${encodeURIComponent(query.trim())}`,
        label: `See all ${total} in the training catalogue`,
      };
    case 'events':
      return { href: '/events', label: 'See all events' };
    case 'services':
      return { href: '/services', label: 'See all services' };
  }
}

/** The non-empty groups, in the specified order; an empty array means 'No results found.' */
export function groupResults({ events, programs, services }: SearchResults, query: string): ResultGroup[] {
  const group = (key: GroupKey, heading: ResultGroup['heading'], total: number, items: ResultItem[]): ResultGroup => ({
    key,
    heading,
    items,
    total,
    more: total > items.length ? seeAll(key, query, total) : null,
  });
  const groups: ResultGroup[] = [
    group(
      'events',
      'Events',
      events.total,
      events.rows.map((e) => ({ id: e.id, title: e.title, detail: e.description, href: '/events' })),
    ),
    group(
      'programs',
      'Training Programs',
      programs.total,
      programs.rows.map((p) => ({ id: p.id, title: p.title, detail: `${p.category} · ${p.focus}`, href: '/training' })),
    ),
    group(
      'services',
      'Services',
      services.total,
      services.rows.map((s) => ({
        id: s.id,
        title: s.title,
        detail: s.description,
        href: `/services/${encodeURIComponent(s.slug)}`,
      })),
    ),
  ];
  return groups.filter((entry) => entry.items.length > 0);
}

/** The status line: how many rows matched in all, "1 result found", "25 results found". */
export function foundText(groups: readonly ResultGroup[]): string {
  const total = groups.reduce((sum, entry) => sum + entry.total, 0);
  return `${total} ${total === 1 ? 'result' : 'results'} found`;
}

export type SearchState =
  | { status: 'idle'; latest: number }
  | { status: 'loading'; latest: number }
  | { status: 'error'; latest: number }
  | { status: 'results'; latest: number; groups: ResultGroup[] };

/**
 * Every search and every reset carries a new id; a reply counts only if it answers the newest id,
 * so a slow earlier search can never overwrite a later one (or a reset).
 */
export type SearchAction =
  | { type: 'start'; id: number }
  | { type: 'reset'; id: number }
  | { type: 'success'; id: number; query: string; results: SearchResults }
  | { type: 'failure'; id: number };

export const initialSearchState: SearchState = { status: 'idle', latest: 0 };

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'start':
      return { status: 'loading', latest: action.id };
    case 'reset':
      return { status: 'idle', latest: action.id };
    case 'success':
      return action.id === state.latest
        ? { status: 'results', latest: state.latest, groups: groupResults(action.results, action.query) }
        : state;
    case 'failure':
      return action.id === state.latest ? { status: 'error', latest: state.latest } : state;
  }
}
