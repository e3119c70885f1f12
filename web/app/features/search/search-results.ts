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
}

/** The non-empty groups, in the specified order; an empty array means 'No results found.' */
export function groupResults({ events, programs, services }: SearchResults): ResultGroup[] {
  const groups: ResultGroup[] = [
    {
      key: 'events',
      heading: 'Events',
      items: events.map((e) => ({ id: e.id, title: e.title, detail: e.description, href: '/events' })),
    },
    {
      key: 'programs',
      heading: 'Training Programs',
      items: programs.map((p) => ({
        id: p.id,
        title: p.title,
        detail: `${p.category} · ${p.focus}`,
        href: '/training',
      })),
    },
    {
      key: 'services',
      heading: 'Services',
      items: services.map((s) => ({
        id: s.id,
        title: s.title,
        detail: s.description,
        href: `/services/${encodeURIComponent(s.slug)}`,
      })),
    },
  ];
  return groups.filter((group) => group.items.length > 0);
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
  | { type: 'success'; id: number; results: SearchResults }
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
        ? { status: 'results', latest: state.latest, groups: groupResults(action.results) }
        : state;
    case 'failure':
      return action.id === state.latest ? { status: 'error', latest: state.latest } : state;
  }
}
