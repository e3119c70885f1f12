/** Loads one page of an admin list whenever its URL params change; a later answer never overwrites a newer one. */
import { useCallback, useEffect, useState } from 'react';
import { describeDbError } from '../../components/admin/describe-db-error';
import type { ListParams } from '../../components/admin/list-params';
import { DbError } from './catalogue-data';

export interface ListState<Row> {
  rows: Row[];
  total: number;
  loading: boolean;
  error: string | null;
}

interface Answer<Row> {
  /** The request this answers: loading until the latest request has its answer. */
  request: unknown;
  rows: Row[];
  total: number;
  error: string | null;
}

export function useList<Row>(
  params: ListParams,
  load: (params: ListParams) => Promise<{ rows: Row[]; total: number }>,
) {
  const [version, setVersion] = useState(0);
  const [request, setRequest] = useState<{ params: ListParams; load: unknown; version: number }>({
    params,
    load,
    version,
  });
  if (request.params !== params || request.load !== load || request.version !== version) {
    setRequest({ params, load, version });
  }
  const [answer, setAnswer] = useState<Answer<Row>>({ request: null, rows: [], total: 0, error: null });
  useEffect(() => {
    let current = true;
    load(request.params).then(
      ({ rows, total }) => {
        if (current) setAnswer({ request, rows, total, error: null });
      },
      (error: unknown) => {
        if (current) setAnswer((previous) => ({ ...previous, request, error: errorWords(error) }));
      },
    );
    return () => {
      current = false;
    };
  }, [request, load]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const state: ListState<Row> = {
    rows: answer.rows,
    total: answer.total,
    loading: answer.request !== request,
    error: answer.error,
  };
  return [state, reload] as const;
}

/** The words for a failed call, whichever shape it was thrown in. */
export function errorWords(error: unknown): string {
  return describeDbError(error instanceof DbError ? error.cause : error);
}
