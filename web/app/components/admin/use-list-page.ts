/**
 * One page of a server-side list, read again whenever `key` (its filter, sort, page...) changes:
 * null while that page is loading, its failure in words (describeDbError) otherwise.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { describeDbError } from './describe-db-error';

export interface ListPage<Row> {
  rows: Row[];
  total: number;
  error: string | null;
}

export function useListPage<Row>(
  key: string,
  fetchPage: () => Promise<{ rows: Row[]; total: number }>,
): ListPage<Row> | null {
  const [loaded, setLoaded] = useState<(ListPage<Row> & { key: string }) | null>(null);
  const read = useEffectEvent(fetchPage);
  useEffect(() => {
    let live = true;
    read().then(
      ({ rows, total }) => live && setLoaded({ key, rows, total, error: null }),
      (error: unknown) => live && setLoaded({ key, rows: [], total: 0, error: describeDbError(error) }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  // A page read for an earlier key is not this one: show the loading state instead.
  return loaded?.key === key ? loaded : null;
}
