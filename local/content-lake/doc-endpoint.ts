/**
 * `GET /v<apiVersion>/data/doc/<dataset>/<id>[,<id>...]`: documents by id, drafts included, as
 * `{documents, omitted: [{id, reason: 'existence'}]}` like Sanity's Doc API.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendHttpError, sendJson } from './http-reply.ts';
import type { DatasetSnapshot, SanityDocument } from './types.ts';

export function handleDoc(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  idList: string,
  snapshot: DatasetSnapshot,
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return sendHttpError(res, 405, `Method ${req.method ?? ''} not allowed on the doc endpoint`);
  // @sanity/client encodes each id, then joins them with commas.
  const ids = idList
    .split(',')
    .filter(Boolean)
    .map((id) => decodeURIComponent(id));
  const excludeContent = url.searchParams.get('excludeContent') === 'true';
  const documents: SanityDocument[] = [];
  const omitted: { id: string; reason: 'existence' }[] = [];
  for (const id of ids) {
    const doc = snapshot.byId.get(id);
    if (!doc) omitted.push({ id, reason: 'existence' });
    else documents.push(excludeContent ? { _id: doc._id, _type: doc._type } : doc);
  }
  sendJson(res, 200, { documents, omitted });
}
