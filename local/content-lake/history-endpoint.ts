/**
 * Sanity's History API over the store's transactions: `transactions/<ids>` (NDJSON, mendoza
 * effects), `documents/<ids>?revision|time|lastRevision` (a document as it was) and
 * `events/documents/<id>` (publish, unpublish, draft created or discarded, deleted). Seed documents
 * have no history before their first local edit; seed reloads are not transactions.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDraftId, getPublishedId, isDraftId } from '@sanity/id-utils';
import { sendBadRequest, sendJson } from './http-reply.ts';
import type { DocumentStore, Transaction } from './store/document-store.ts';
import { effectsOf } from './store/mendoza-effects.ts';
import type { SanityDocument } from './types.ts';

const historyRoute = /^(transactions|documents|events\/documents)\/([^/]+)$/;

/** Local transactions (not seed reloads) that touch one of `ids`, oldest first. */
function touching(store: DocumentStore, ids: ReadonlySet<string>): Transaction[] {
  return store.transactions().filter((tx) => !tx.fromSeed && tx.changes.some((c) => ids.has(c.id)));
}

function bound(transactions: Transaction[], id: string | null, time: string | null, edge: 'from' | 'to'): number {
  if (id) {
    const index = transactions.findIndex((tx) => tx.id === id);
    return index === -1 ? (edge === 'from' ? transactions.length : -1) : index;
  }
  if (time) {
    const index =
      edge === 'from'
        ? transactions.findIndex((tx) => tx.timestamp >= time)
        : transactions.findLastIndex((tx) => tx.timestamp <= time);
    return index === -1 && edge === 'from' ? transactions.length : index;
  }
  return edge === 'from' ? 0 : transactions.length - 1;
}

function transactionsReply(res: ServerResponse, url: URL, ids: string[], store: DocumentStore): void {
  const q = url.searchParams;
  const wanted = new Set(ids);
  const all = touching(store, wanted);
  const from = bound(all, q.get('fromTransaction'), q.get('fromTime'), 'from');
  const to = bound(all, q.get('toTransaction'), q.get('toTime'), 'to');
  let selected = all.slice(from, to + 1);
  const authors = q.get('authors')?.split(',').filter(Boolean);
  if (authors?.length) selected = selected.filter((tx) => authors.includes(tx.author));
  if (q.get('reverse') === 'true') selected = selected.toReversed();
  const limit = Number(q.get('limit') ?? 0);
  if (Number.isInteger(limit) && limit > 0) selected = selected.slice(0, limit);
  const onlyIdentified = q.get('includeIdentifiedDocumentsOnly') === 'true';
  const lines = selected.map((tx) => {
    const changes = onlyIdentified ? tx.changes.filter((c) => wanted.has(c.id)) : tx.changes;
    return JSON.stringify({
      id: tx.id,
      timestamp: tx.timestamp,
      author: tx.author,
      documentIDs: changes.map((c) => c.id),
      ...(q.get('excludeMutations') === 'true' ? {} : { mutations: changes.flatMap((c) => c.mutations) }),
      effects: Object.fromEntries(changes.map((c) => [c.id, effectsOf(c.before, c.after)])),
    });
  });
  const body = lines.length ? `${lines.join('\n')}\n` : '';
  res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-cache' });
  res.end(body);
}

/** The document as it was right after transaction `position` (-1: before any local transaction). */
function stateAt(store: DocumentStore, id: string, position: number): SanityDocument | null {
  const history = store.transactions();
  for (let i = Math.min(position, history.length - 1); i >= 0; i -= 1) {
    const change = history[i]?.changes.find((c) => c.id === id);
    if (change) return change.after;
  }
  // Before any transaction touched it: the seed's copy, i.e. the earliest "before" we know.
  const first = history.find((tx) => tx.changes.some((c) => c.id === id));
  return first ? (first.changes.find((c) => c.id === id)?.before ?? null) : store.get(id);
}

function documentsReply(res: ServerResponse, url: URL, ids: string[], store: DocumentStore): void {
  const q = url.searchParams;
  const history = store.transactions();
  const revision = q.get('revision');
  const time = q.get('time');
  const documents: SanityDocument[] = [];
  for (const id of ids) {
    let doc: SanityDocument | null;
    if (q.get('lastRevision') === 'true') {
      doc = store.get(id);
      for (let i = history.length - 1; !doc && i >= 0; i -= 1) {
        const change = history[i]?.changes.find((c) => c.id === id);
        doc = change?.after ?? change?.before ?? null;
      }
    } else if (revision) {
      const position = store.indexOf(revision);
      if (position >= 0) doc = stateAt(store, id, position);
      else {
        // A revision from before local history (a seed document's own).
        const earliest = stateAt(store, id, -1);
        doc = earliest?._rev === revision ? earliest : null;
      }
    } else if (time) {
      doc = stateAt(
        store,
        id,
        history.findLastIndex((tx) => tx.timestamp <= time),
      );
    } else {
      return sendBadRequest(res, 'Either "revision", "time" or "lastRevision" is required');
    }
    if (doc) documents.push(doc);
  }
  sendJson(res, 200, { documents });
}

/** The Studio's document events (newest first) from the transactions of a document and its draft. */
function eventsReply(res: ServerResponse, id: string, store: DocumentStore): void {
  const publishedId = getPublishedId(id as never) as string;
  const draftId = getDraftId(publishedId as never) as string;
  const forDraft = isDraftId(id as never);
  const events: Record<string, unknown>[] = [];
  for (const tx of touching(store, new Set([publishedId, draftId]))) {
    const published = tx.changes.find((c) => c.id === publishedId);
    const draft = tx.changes.find((c) => c.id === draftId);
    const base = { id: tx.id, timestamp: tx.timestamp, author: tx.author, documentId: id };
    if (published?.after && draft && !draft.after) {
      events.push({
        ...base,
        type: 'publishDocumentVersion',
        revisionId: tx.id,
        versionId: draftId,
        versionRevisionId: draft.before?._rev,
        publishCause: 'document.publish',
      });
    } else if (published && !published.after && draft?.after) {
      events.push({ ...base, type: 'unpublishDocument', versionId: draftId, versionRevisionId: tx.id });
    } else if (published && !published.after) {
      events.push({ ...base, type: 'deleteDocumentGroup' });
    } else if (draft?.after && !draft.before) {
      events.push({
        ...base,
        type: 'createDocumentVersion',
        versionId: draftId,
        versionRevisionId: tx.id,
        revisionId: published?.after?._rev,
      });
    } else if (draft && !draft.after && forDraft) {
      events.push({
        ...base,
        type: 'deleteDocumentVersion',
        versionId: draftId,
        versionRevisionId: draft.before?._rev,
      });
    }
  }
  sendJson(res, 200, { events: { [id]: events.toReversed() }, nextCursor: '' });
}

export function handleHistory(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  rest: string,
  store: DocumentStore,
): void {
  const match = historyRoute.exec(rest);
  if (!match || (req.method !== 'GET' && req.method !== 'HEAD')) {
    return sendBadRequest(res, `Unknown history request: ${req.method ?? ''} ${url.pathname}`);
  }
  const [, kind, idList = ''] = match;
  const ids = idList
    .split(',')
    .map((id) => decodeURIComponent(id))
    .filter(Boolean);
  if (kind === 'transactions') return transactionsReply(res, url, ids, store);
  if (kind === 'documents') return documentsReply(res, url, ids, store);
  return eventsReply(res, ids[0] ?? '', store);
}
