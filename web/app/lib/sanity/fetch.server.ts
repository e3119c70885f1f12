/**
 * Cached GROQ reads: one upstream call per query per 20 s under load; edits show within a minute.
 * Result types come from typegen (`*_QUERY_RESULT`): the queries are composed from fragments, so
 * their literal text is not known to the compiler and the type is named at the call.
 */
import type { QueryParams } from '@sanity/client';
import { createSwrCache } from '../cache';
import { sanityClient } from './client.server';

const cache = createSwrCache<unknown>({ freshMs: 20_000, maxStaleMs: 40_000 });

export function fetchContent<Result>(query: string, params: QueryParams = {}): Promise<Result> {
  const key = `${query}\u0000${JSON.stringify(params)}`;
  return cache.get(key, () => sanityClient().fetch<Result>(query, params)) as Promise<Result>;
}
