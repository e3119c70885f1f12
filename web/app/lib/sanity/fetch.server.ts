/**
 * Cached GROQ reads: one upstream call per query per 20 s under load; a published edit expires
 * the cache as soon as the content listener reports it (content-changes.server.ts). While the
 * content API fails, what was read in the last hour keeps being served; a read with nothing to
 * fall back on gives up within CONTENT_READ_DEADLINE_MS and throws the 503 of lib/unavailable.server.ts.
 * Typed by the query: only a query typegen knows (a key of SanityQueries, see queries.ts) is
 * accepted, and its result type is the one typegen generated, resolved by @sanity/client's own
 * overloads; no call names a result type. A query with $parameters must be given them.
 */
import type { ClientReturn, QueryParams, SanityQueries } from '@sanity/client';
import { CONTENT_READ_DEADLINE_MS } from '../../config/read-timeouts';
import { createSwrCache } from '../cache';
import { unavailable } from '../unavailable.server';
import { sanityClient } from './client.server';
import { watchPublishedContent } from './content-changes.server';

const cache = createSwrCache<unknown>({ freshMs: 20_000, maxStaleMs: 40_000, maxErrorStaleMs: 3_600_000 });

/** The arguments after the query: its parameters, required when the query uses any. */
export type ParamsOf<Query extends string> = Query extends `${string}$${string}`
  ? [params: QueryParams]
  : [params?: QueryParams];

export function fetchContent<const Query extends keyof SanityQueries & string>(
  query: Query,
  ...args: ParamsOf<Query>
): Promise<ClientReturn<Query>> {
  // On an edit (or a listener reconnection, which may have missed one) every query is read afresh;
  // what was read before stays only for when the content API cannot answer.
  watchPublishedContent(() => cache.expire());
  const params: QueryParams = args[0] ?? {};
  const key = `${query}\u0000${JSON.stringify(params)}`;
  // The cache holds every query's results; the key starts with the query, which fixes the type.
  const read = () => sanityClient().fetch(query, params, { signal: AbortSignal.timeout(CONTENT_READ_DEADLINE_MS) });
  return cache.get(key, read).catch((error: unknown) => {
    throw unavailable('reading content failed', error);
  }) as Promise<ClientReturn<Query>>;
}
