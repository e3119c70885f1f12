/**
 * `GET /v<apiVersion>/data/live/events/<dataset>`: the Live Content API's event stream, which the
 * Studio's Presentation tool and the website's preview mode subscribe to (@sanity/client's
 * `live.events()`). As on hosted: `welcome`, then one `message` event per committed transaction,
 * `{ id, tags }`, the tags naming what changed (opaque `s1:` sync tags, one per document here);
 * published documents only, unless the caller has the token and asks `includeDrafts=true`
 * (without the token that is a 401, as hosted answers it). Comments keep the stream open.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendHttpError } from './http-reply.ts';
import type { DocumentStore, Transaction } from './store/document-store.ts';

const keepAliveMs = 15_000;

/** A document's sync tag: opaque, stable, the same for its draft and its published version. */
export function syncTagOf(id: string): string {
  const publishedId = id.replace(/^(drafts|versions\.[^.]+)\./, '');
  return `s1:${createHash('sha256').update(publishedId).digest('base64url').slice(0, 6)}`;
}

/** The tags a transaction invalidates for this subscriber, or none it may see. */
export function tagsOf(transaction: Transaction, includeDrafts: boolean): string[] {
  const visible = transaction.changes.filter((change) => includeDrafts || !change.id.includes('.'));
  return [...new Set(visible.map((change) => syncTagOf(change.id)))];
}

export function handleLiveEvents(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  store: DocumentStore,
  editor: boolean,
): void {
  const includeDrafts = url.searchParams.get('includeDrafts') === 'true';
  if (includeDrafts && !editor)
    return sendHttpError(res, 401, 'includeDrafts needs a token with read access to drafts');
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  });
  res.write('event: welcome\ndata: {}\n\n');
  const unsubscribe = store.subscribe((transaction) => {
    const tags = tagsOf(transaction, includeDrafts);
    if (!tags.length || res.writableEnded) return;
    res.write(`id: ${transaction.id}\nevent: message\ndata: ${JSON.stringify({ id: transaction.id, tags })}\n\n`);
  });
  const keepAlive = setInterval(() => res.write(': ping\n\n'), keepAliveMs);
  keepAlive.unref();
  const close = (): void => {
    clearInterval(keepAlive);
    unsubscribe();
  };
  res.on('close', close);
  req.on('close', close);
}
