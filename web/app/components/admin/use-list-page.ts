/**
 * One page of a server-side admin list, read again whenever `key` (its filter, sort, page...)
 * changes or `reload` is called. The rows on screen stay until the next page's answer replaces
 * them (`loading` meanwhile), so the table neither collapses nor moves the controls under the
 * pointer while a page loads; an answer to an earlier key never overwrites a later one.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { describeDbError } from './describe-db-error';

export interface ListPage<Row> {
  /** The latest answer's rows (the previous page's while the next one loads). */
  rows: Row[];
  /** All rows matching the search and filter, across pages. */
  total: number;
  /** True until the current key (or the latest reload) has its answer. */
  loading: boolean;
  /** The latest read's failure in words; the rows before it stay on screen. */
  error: string | null;
}

interface Answer<Row> {
  request: { key: string; version: number } | null;
  rows: Row[];
  total: number;
  error: string | null;
}

export function useListPage<Row>(
  key: string,
  fetchPage: () => Promise<{ rows: Row[]; total: number }>,
  describeError: (error: unknown) => string = describeDbError,
): [ListPage<Row>, reload: () => void] {
  const [version, setVersion] = useState(0);
  const [request, setRequest] = useState({ key, version });
  if (request.key !== key || request.version !== version) setRequest({ key, version });
  const [answer, setAnswer] = useState<Answer<Row>>({ request: null, rows: [], total: 0, error: null });
  const read = useEffectEvent(fetchPage);
  const describe = useEffectEvent(describeError);
  useEffect(() => {
    let current = true;
    read().then(
      ({ rows, total }) => current && setAnswer({ request, rows, total, error: null }),
      (error: unknown) => current && setAnswer((previous) => ({ ...previous, request, error: describe(error) })),
    );
    return () => {
      current = false;
    };
  }, [request]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const page = { rows: answer.rows, total: answer.total, loading: answer.request !== request, error: answer.error };
  return [page, reload];
}
