import { describe, expect, it } from 'vitest';
import {
  groupResults,
  initialSearchState,
  searchReducer,
  type SearchResults,
  type SearchState,
} from './search-results';

const results: SearchResults = {
  events: [{ id: 'e1', title: 'CFO Breakfast', description: 'Budget season briefing' }],
  programs: [{ id: 'p1', title: 'IFRS Update', category: 'Finance', focus: 'Reporting' }],
  services: [{ id: 's1', title: 'HR Advisory', description: 'Job evaluation', slug: 'hr-advisory' }],
};
const none: SearchResults = { events: [], programs: [], services: [] };

describe('groupResults', () => {
  it('groups as Events, Training Programs, Services with their links', () => {
    expect(groupResults(results)).toEqual([
      {
        key: 'events',
        heading: 'Events',
        items: [{ id: 'e1', title: 'CFO Breakfast', detail: 'Budget season briefing', href: '/events' }],
      },
      {
        key: 'programs',
        heading: 'Training Programs',
        items: [{ id: 'p1', title: 'IFRS Update', detail: 'Finance · Reporting', href: '/training' }],
      },
      {
        key: 'services',
        heading: 'Services',
        items: [{ id: 's1', title: 'HR Advisory', detail: 'Job evaluation', href: '/services/hr-advisory' }],
      },
    ]);
  });

  it('leaves out empty groups, and is empty when nothing matched', () => {
    expect(groupResults({ ...none, services: results.services }).map((g) => g.heading)).toEqual(['Services']);
    expect(groupResults(none)).toEqual([]);
  });

  it('keeps a service link inside /services/ whatever the slug holds', () => {
    const [group] = groupResults({ ...none, services: [{ ...results.services[0]!, slug: '../admin?x=1' }] });
    expect(group?.items[0]?.href).toBe('/services/..%2Fadmin%3Fx%3D1');
  });
});

describe('searchReducer', () => {
  const run = (...actions: Parameters<typeof searchReducer>[1][]): SearchState =>
    actions.reduce(searchReducer, initialSearchState);

  it('goes idle -> loading -> results', () => {
    expect(run({ type: 'start', id: 1 })).toEqual({ status: 'loading', latest: 1 });
    const state = run({ type: 'start', id: 1 }, { type: 'success', id: 1, results });
    expect(state.status).toBe('results');
    expect(state.status === 'results' && state.groups.map((g) => g.heading)).toEqual([
      'Events',
      'Training Programs',
      'Services',
    ]);
  });

  it('shows an empty result (No results found.) as results with no groups', () => {
    expect(run({ type: 'start', id: 1 }, { type: 'success', id: 1, results: none })).toEqual({
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
      { type: 'success', id: 2, results: none },
      { type: 'success', id: 1, results },
      { type: 'failure', id: 1 },
    );
    expect(state).toEqual({ status: 'results', latest: 2, groups: [] });
  });

  it('ignores an earlier reply while a later search still loads', () => {
    expect(run({ type: 'start', id: 1 }, { type: 'start', id: 2 }, { type: 'success', id: 1, results })).toEqual({
      status: 'loading',
      latest: 2,
    });
  });

  it('reset clears results and outdates a search still in flight', () => {
    const cleared = run({ type: 'start', id: 1 }, { type: 'success', id: 1, results }, { type: 'reset', id: 2 });
    expect(cleared).toEqual({ status: 'idle', latest: 2 });
    expect(run({ type: 'start', id: 1 }, { type: 'reset', id: 2 }, { type: 'success', id: 1, results })).toEqual({
      status: 'idle',
      latest: 2,
    });
  });
});
