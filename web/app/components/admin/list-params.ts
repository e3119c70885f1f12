/**
 * An admin list's state (search text, sort, published filter, page) in the URL query, so a list
 * can be reloaded, shared or left and come back to as it was. Unknown values fall back to defaults.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';

export type PublishedFilter = 'all' | 'published' | 'draft';
export type SortDirection = 'asc' | 'desc';

export interface ListParams {
  q: string;
  sort: string;
  dir: SortDirection;
  published: PublishedFilter;
  /** 1-based. */
  page: number;
}

export interface ListDefaults {
  sort: string;
  dir?: SortDirection;
  /** Column ids the list may be sorted by; any other `sort` in the URL falls back to the default. */
  sortable: readonly string[];
}

/** Parses the query; exported for tests and for loaders that read the same URL. */
export function parseListParams(search: URLSearchParams, defaults: ListDefaults): ListParams {
  const sort = search.get('sort') ?? '';
  const dir = search.get('dir');
  const published = search.get('published');
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return {
    q: (search.get('q') ?? '').slice(0, 200),
    sort: defaults.sortable.includes(sort) ? sort : defaults.sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : (defaults.dir ?? 'asc'),
    published: published === 'published' || published === 'draft' ? published : 'all',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * The query the latest change asked for while its navigation loads (the address bar changes only
 * when it commits); null once no navigation is under way. Shared by every list control of the page.
 */
let pendingSearch: string | null = null;

/**
 * React Router's useSearchParams made of useLocation and useNavigate, which every public page
 * already loads: useSearchParams itself would add ~0.4 KiB gzip to the framework chunk of every
 * public page (over the 118 KiB budget), though only admin lists use it.
 */
export function useUrlSearchParams() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const idle = useNavigation().state === 'idle';
  useEffect(() => {
    if (idle) pendingSearch = null;
  }, [idle, search]);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (
      change: (previous: URLSearchParams) => URLSearchParams,
      options: { replace?: boolean; preventScrollReset?: boolean } = {},
    ) => {
      // The query as the last change left it, not as this render saw it: two quick changes (two
      // filters of one list) both count, even before the first one's navigation has committed.
      const query = change(new URLSearchParams(pendingSearch ?? window.location.search)).toString();
      pendingSearch = query ? `?${query}` : '';
      void navigate({ search: pendingSearch }, options);
    },
    [navigate],
  );
  return [params, setParams] as const;
}

/** The list's params and a setter that writes changed values to the URL (empty ones removed). */
export function useListParams(defaults: ListDefaults) {
  const [search, setSearch] = useUrlSearchParams();
  const { sort, dir, sortable } = defaults;
  const params = useMemo(() => parseListParams(search, { sort, dir, sortable }), [search, sort, dir, sortable]);
  const update = useCallback(
    (change: Partial<ListParams>) => {
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          // A new search, filter or sort starts again on page 1.
          const resetsPage = 'q' in change || 'published' in change || 'sort' in change || 'dir' in change;
          const merged = { ...parseListParams(previous, { sort, dir, sortable }), ...change };
          if (resetsPage && !('page' in change)) merged.page = 1;
          const entries: [keyof ListParams, string, string][] = [
            ['q', merged.q.trim(), ''],
            ['sort', merged.sort, sort],
            ['dir', merged.dir, dir ?? 'asc'],
            ['published', merged.published, 'all'],
            ['page', String(merged.page), '1'],
          ];
          for (const [key, value, fallback] of entries) {
            if (value === fallback) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: false, preventScrollReset: true },
      );
    },
    [setSearch, sort, dir, sortable],
  );
  return [params, update] as const;
}

/** The row range of a page for PostgREST's `.range(from, to)` (inclusive). */
export function pageRange(page: number, pageSize: number): [number, number] {
  const from = (page - 1) * pageSize;
  return [from, from + pageSize - 1];
}

/**
 * A list filter kept in the URL query (`?name=value`): `all` when absent or not an allowed value;
 * choosing `all` removes it, and a new filter starts again on page 1.
 */
export function useUrlFilter<Value extends string>(
  name: string,
  isValue: (value: string | null) => value is Value,
): [Value | 'all', (next: string) => void] {
  const [search, setSearch] = useUrlSearchParams();
  const raw = search.get(name);
  const value = isValue(raw) ? raw : 'all';
  const change = useCallback(
    (next: string) =>
      setSearch((previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'all') updated.delete(name);
        else updated.set(name, next);
        updated.delete('page');
        return updated;
      }),
    [name, setSearch],
  );
  return [value, change];
}

/**
 * True while this page's data is being read again: a new list state in the URL (same path), or
 * the read after a change posted to the page. The rows on screen stay until the answer replaces them.
 */
export function useListLoading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === 'loading' && navigation.location.pathname === pathname;
}
