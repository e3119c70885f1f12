/** The search filter builder: what PostgREST receives for awkward visitor text. */
import { describe, expect, it } from 'vitest';
import { ilikeAnyFilter } from './ilike-filter.ts';

const columns = ['title', 'description'] as const;

describe('ilikeAnyFilter', () => {
  it('returns null for blank text, so the search makes no call', () => {
    expect(ilikeAnyFilter(columns, '')).toBeNull();
    expect(ilikeAnyFilter(columns, ' \t\n ')).toBeNull();
  });

  it('matches trimmed text anywhere in any column', () => {
    expect(ilikeAnyFilter(columns, '  leadership ')).toBe(
      'title.ilike."%leadership%",description.ilike."%leadership%"',
    );
  });

  it('quotes PostgREST syntax characters instead of stripping them', () => {
    expect(ilikeAnyFilter(['title'], 'Budget, cash (Q3): a.b')).toBe('title.ilike."%Budget, cash (Q3): a.b%"');
  });

  it('makes % and _ literal for LIKE', () => {
    // LIKE sees 50\%\_off; PostgREST's quoting doubles each backslash on the way.
    expect(ilikeAnyFilter(['title'], '50%_off')).toBe('title.ilike."%50\\\\%\\\\_off%"');
  });

  it('escapes double quotes and backslashes for PostgREST and LIKE', () => {
    expect(ilikeAnyFilter(['title'], 'say "hi"')).toBe('title.ilike."%say \\"hi\\"%"');
    // One backslash typed: LIKE needs \\, PostgREST's quoting makes that four.
    expect(ilikeAnyFilter(['title'], 'a\\b')).toBe('title.ilike."%a\\\\\\\\b%"');
  });

  it("leaves single quotes alone (SQL quoting is PostgREST's job)", () => {
    expect(ilikeAnyFilter(['title'], "O'Brien")).toBe('title.ilike."%O\'Brien%"');
  });

  it('uses a literal regular expression when the text holds *, which ilike would turn into %', () => {
    expect(ilikeAnyFilter(columns, 'C*-suite (2)')).toBe(
      'title.imatch."C\\\\*-suite \\\\(2\\\\)",description.imatch."C\\\\*-suite \\\\(2\\\\)"',
    );
  });

  it('escapes every regular-expression metacharacter on the * path', () => {
    const filter = ilikeAnyFilter(['title'], '*^$.|?+()[]{}\\');
    expect(filter).toBe(
      `title.imatch."${'\\\\*\\\\^\\\\$\\\\.\\\\|\\\\?\\\\+\\\\(\\\\)\\\\[\\\\]\\\\{\\\\}\\\\\\\\'}"`,
    );
  });

  it('refuses column names that are not plain identifiers', () => {
    expect(() => ilikeAnyFilter(['title,id.eq.1'], 'x')).toThrow(RangeError);
    expect(() => ilikeAnyFilter([], 'x')).toThrow(RangeError);
  });
});
