/**
 * `GET|POST /v<apiVersion>/data/query/<dataset>`: GROQ over the perspective's documents, answered
 * as `{query, result, ms}` like Sanity (`query` left out when the client sends `returnQuery=false`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { runQuery, type QueryParams } from './groq.ts';
import { BodyTooLargeError, readBody, sendBadRequest, sendHttpError, sendJson } from './http-reply.ts';
import { parsePerspective } from './perspective.ts';
import type { DatasetSnapshot } from './types.ts';

interface QueryRequest {
  query: string | null;
  params: QueryParams;
}

/** `$name=<JSON>` pairs; strings must be quoted, as Sanity insists. */
function paramsFromSearch(search: URLSearchParams): { params: QueryParams } | { error: string } {
  const params: QueryParams = {};
  for (const [key, raw] of search) {
    if (!key.startsWith('$')) continue;
    try {
      params[key.slice(1)] = JSON.parse(raw);
    } catch {
      return { error: `Unable to parse value of "${key}=${raw}". Please quote string values.` };
    }
  }
  return { params };
}

async function readQueryRequest(req: IncomingMessage, url: URL): Promise<QueryRequest | { error: string }> {
  const fromSearch = paramsFromSearch(url.searchParams);
  if ('error' in fromSearch) return fromSearch;
  if (req.method !== 'POST') return { query: url.searchParams.get('query'), params: fromSearch.params };
  let body: unknown;
  try {
    body = JSON.parse(await readBody(req));
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw error;
    return { error: 'Request body is not valid JSON' };
  }
  if (typeof body !== 'object' || body === null) return { error: 'Request body must be a JSON object with "query"' };
  const { query, params } = body as { query?: unknown; params?: unknown };
  if (query !== undefined && typeof query !== 'string') return { error: '"query" must be a string' };
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
    return { error: '"params" must be an object' };
  }
  return {
    query: query ?? url.searchParams.get('query'),
    params: { ...fromSearch.params, ...(params as QueryParams | undefined) },
  };
}

export async function handleQuery(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  apiVersion: string,
  snapshot: DatasetSnapshot,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'POST' && req.method !== 'HEAD') {
    return sendHttpError(res, 405, `Method ${req.method ?? ''} not allowed on the query endpoint`);
  }
  let request: QueryRequest | { error: string };
  try {
    request = await readQueryRequest(req, url);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return sendHttpError(res, 413, error.message);
    throw error;
  }
  if ('error' in request) return sendBadRequest(res, request.error);
  if (!request.query) return sendBadRequest(res, 'Missing "query" parameter');

  const perspective = parsePerspective(url.searchParams.get('perspective'), apiVersion);
  if (typeof perspective === 'object') return sendBadRequest(res, perspective.error);

  const started = performance.now();
  const outcome = await runQuery(request.query, request.params, snapshot[perspective]);
  const ms = Math.round(performance.now() - started);
  if (!outcome.ok) return sendJson(res, 400, { error: outcome.error });
  const body =
    url.searchParams.get('returnQuery') === 'false'
      ? { result: outcome.result, ms }
      : { query: request.query, result: outcome.result, ms };
  sendJson(res, 200, body);
}
