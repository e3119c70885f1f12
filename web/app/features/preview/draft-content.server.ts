/**
 * Preview mode's reads: the same typed queries as lib/sanity/fetch.server.ts, but with the drafts
 * perspective and the preview token, never through the content cache (each read goes to the lake,
 * so the editor's latest keystroke shows on the next refresh).
 */
import type { ClientReturn, QueryParams, SanityQueries } from '@sanity/client';
import { CONTENT_READ_DEADLINE_MS } from '../../config/read-timeouts';
import type { ParamsOf } from '../../lib/sanity/fetch.server';
import { unavailable } from '../../lib/unavailable.server';
import { previewClient } from './preview.server';

export function fetchDraftContent<const Query extends keyof SanityQueries & string>(
  query: Query,
  ...args: ParamsOf<Query>
): Promise<ClientReturn<Query>> {
  const params: QueryParams = args[0] ?? {};
  return previewClient()
    .fetch(query, params, { signal: AbortSignal.timeout(CONTENT_READ_DEADLINE_MS) })
    .catch((error: unknown) => {
      throw unavailable('reading draft content failed', error);
    }) as Promise<ClientReturn<Query>>;
}
