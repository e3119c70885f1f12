import { describe, expect, it } from 'vitest';
import { ilikeAnyFilter } from '../../web/app/lib/supabase/ilike-filter.ts';
import { hasCostlyRegex, isLiteralPattern, regexFilterGate, regexPatterns } from './regex-filters.ts';

const query = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

describe('regexPatterns', () => {
  it('finds the pattern of a column filter, negated or with a modifier', () => {
    expect(regexPatterns(query({ description: 'match.(a)\\1' }))).toEqual(['(a)\\1']);
    expect(regexPatterns(query({ title: 'not.imatch.x+' }))).toEqual(['x+']);
    expect(regexPatterns(query({ title: 'match(any).{a,b}' }))).toEqual(['{a,b}']);
  });

  it('finds quoted and bare patterns inside or/and trees, nested or embedded', () => {
    const tree = '(title.eq.x,and(slug.imatch."a,\\"b\\"(",summary.match.c*),description.imatch.d)';
    expect(regexPatterns(query({ 'events.or': tree }))).toEqual(['a,"b"(', 'c*', 'd']);
  });

  it('finds none in ordinary filters', () => {
    expect(regexPatterns(query({ select: 'id,title', slug: 'eq.matchday', or: '(title.ilike.*x*)' }))).toEqual([]);
  });
});

describe('isLiteralPattern', () => {
  it('accepts text with every metacharacter escaped', () => {
    expect(isLiteralPattern('C\\*-suite \\(2\\) \\\\ ok')).toBe(true);
  });

  it('refuses repetition, groups, backreferences and class escapes', () => {
    for (const pattern of ['a*', '(a)', 'x\\1', '\\d', 'a|b', 'trailing\\']) {
      expect(isLiteralPattern(pattern)).toBe(false);
    }
  });
});

describe('hasCostlyRegex', () => {
  it('is false for the site search of text containing *, which it escapes', () => {
    const filter = ilikeAnyFilter(['title', 'description'], 'C*-suite (2) [a+b]?');
    expect(filter).toContain('imatch.');
    expect(hasCostlyRegex(query({ or: `(${filter ?? ''})` }))).toBe(false);
  });

  it('is true for a backtracking pattern', () => {
    expect(hasCostlyRegex(query({ description: 'match.(.*)(.*)\\2\\1z' }))).toBe(true);
  });
});

describe('regexFilterGate', () => {
  it('lets `limit` in at once, and one more after a release (released once however often called)', () => {
    const gate = regexFilterGate(2);
    const first = gate.tryEnter();
    const second = gate.tryEnter();
    expect(first && second).toBeTruthy();
    expect(gate.tryEnter()).toBeNull();
    first?.();
    first?.();
    expect(gate.inUse()).toBe(1);
    expect(gate.tryEnter()).not.toBeNull();
    expect(gate.tryEnter()).toBeNull();
  });
});
