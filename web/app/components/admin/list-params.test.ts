/** The list state read from the URL: known values kept, anything else falls back to the defaults. */
import { describe, expect, it } from 'vitest';
import { pageRange, parseListParams } from './list-params';

const defaults = { sort: 'title', sortable: ['title', 'starts_at'] } as const;

describe('parseListParams', () => {
  it('reads a shared list URL', () => {
    const params = parseListParams(
      new URLSearchParams('q=open&sort=starts_at&dir=desc&published=draft&page=3'),
      defaults,
    );
    expect(params).toEqual({ q: 'open', sort: 'starts_at', dir: 'desc', published: 'draft', page: 3 });
  });

  it('falls back on unknown or hostile values', () => {
    const params = parseListParams(new URLSearchParams('sort=password&dir=sideways&published=yes&page=-2'), defaults);
    expect(params).toEqual({ q: '', sort: 'title', dir: 'asc', published: 'all', page: 1 });
  });

  it('pages PostgREST ranges inclusively', () => {
    expect(pageRange(1, 20)).toEqual([0, 19]);
    expect(pageRange(3, 20)).toEqual([40, 59]);
  });
});
