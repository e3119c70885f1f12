import { describe, expect, it } from 'vitest';
import {
  foundText,
  groupResults,
  initialSearchState,
  searchReducer,
  type SearchResults,
  type SearchState,
} from './search-results';

const results: SearchResults = {
  events: { rows: [{ id: 'e1', title: 'CFO Breakfast', description: 'Budget season briefing' }], total: 1 },
  programs: { rows: [{ id: 'p1', title: 'IFRS Update', category: 'Finance', focus: 'Reporting' }], total: 1 },
  services: {
    rows: [{ id: 's1', title: 'HR Advisory', description: 'Job evaluation', slug: 'hr-advisory' }],
    total: 1,
  },
};
const none: SearchResults = {
  events: { rows: [], total: 0 },
  programs: { rows: [], total: 0 },
  services: { rows: [], total: 0 },
};

describe('groupResults', () => {
  it('groups as Events, Training Programs, Services with their links', () => {
    expect(groupResults(results, 'x')).toEqual([
      {
        key: 'events',
        heading: 'Events',
        items: [{ id: 'e1', title: 'CFO Breakfast', detail: 'Budget season briefing', href: '/events' }],
        total: 1,
        more: null,
      },
      {
        key: 'programs',
        heading: 'Training Programs',
        items: [{ id: 'p1', title: 'IFRS Update', detail: 'Finance · Reporting', href: '/training' }],
        total: 1,
        more: null,
      },
      {
        key: 'services',
        heading: 'Services',
        items: [{ id: 's1', title: 'HR Advisory', detail: 'Job evaluation', href: '/services/hr-advisory' }],
        total: 1,
        more: null,
      },
    ]);
  });

  it('leaves out empty groups, and is empty when nothing matched', () => {
    expect(groupResults({ ...none, services: results.services }, 'x').map((g) => g.heading)).toEqual(['Services']);
    expect(groupResults(none, 'x')).toEqual([]);
  });

  it('keeps a service link inside /services/ whatever the slug holds', () => {
    const service = { ...results.services.rows[0]!, slug: '../admin?x=1' };
    const [group] = groupResults({ ...none, services: { rows: [service], total: 1 } }, 'x');
    expect(group?.items[0]?.href).toBe('/services/..%2Fadmin%3Fx%3D1');
  });

  it('links a cut programme group to the catalogue filtered by the query, URL-encoded', () => {
    const [group] = groupResults({ ...none, programs: { ...results.programs, total: 25 } }, ' R&D / 100% ');
    expect(group?.more).toEqual({
      href: '/training?q=R%26D%20%2F%20100%25',
      label: 'See all 25 in the training catalogue',
    });
    const [events] = groupResults({ ...none, events: { ...results.events, total: 30 } }, 'x');
    expect(events?.more?.href).toBe('/events');
  });

  it('counts every match in the status line, in the singular for one', () => {
    expect(foundText(groupResults(results, 'x'))).toBe('3 results found');
    expect(foundText(groupResults({ ...none, events: results.events }, 'x'))).toBe('1 result found');
    expect(foundText(groupResults({ ...none, programs: { ...results.programs, total: 25 } }, 'x'))).toBe(
      '25 results found',
    );
  });
});

describe('searchReducer', () => {
  const run = (...actions: Parameters<typeof searchReducer>[1][]): SearchState =>
    actions.reduce(searchReducer, initialSearchState);

  it('goes idle -> loading -> results', () => {
    expect(run({ type: 'start', id: 1 })).toEqual({ status: 'loading', latest: 1 });
    const state = run({ type: 'start', id: 1 }, { type: 'success', id: 1, query: 'x', results });
    expect(state.status).toBe('results');
    expect(state.status === 'results' && state.groups.map((g) => g.heading)).toEqual([
      'Events',
      'Training Programs',
      'Services',
    ]);
  });

  it('shows an empty result (No results found.) as results with no groups', () => {
    expect(run({ type: 'start', id: 1 }, { type: 'success', id: 1, query: 'x', results: none })).toEqual({
      status: 'results',
      latest: 1,
      groups: [],
    });
  });

  it('goes loading -> error on failure', () => {
    expect(run({ type: 'start', id: 1 }, { type: 'failure', id: 1 })).toEqual({ status: 'error', latest: 1 });
  });

  it('ignores a slower earlier search: the later one wins', () => {
    const state = run(
      { type: 'start', id: 1 },
      { type: 'start', id: 2 },
      { type: 'success', id: 2, query: 'x', results: none },
      { type: 'success', id: 1, query: 'x', results },
      { type: 'failure', id: 1 },
    );
    expect(state).toEqual({ status: 'results', latest: 2, groups: [] });
  });

  it('ignores an earlier reply while a later search still loads', () => {
    expect(
      run({ type: 'start', id: 1 }, { type: 'start', id: 2 }, { type: 'success', id: 1, query: 'x', results }),
    ).toEqual({
      status: 'loading',
      latest: 2,
    });
  });

  it('reset clears results and outdates a search still in flight', () => {
    const cleared = run(
      { type: 'start', id: 1 },
      { type: 'success', id: 1, query: 'x', results },
      { type: 'reset', id: 2 },
    );
    expect(cleared).toEqual({ status: 'idle', latest: 2 });
    expect(
      run({ type: 'start', id: 1 }, { type: 'reset', id: 2 }, { type: 'success', id: 1, query: 'x', results }),
    ).toEqual({
      status: 'idle',
      latest: 2,
    });
  });
});
