/**
 * `GET /v<apiVersion>/data/listen/<dataset>`: Sanity's listener as server-sent events. Every
 * connection gets `welcome`, then one `mutation` event per committed document change that its
 * GROQ filter matched before or after (`appear`, `update`, `disappear`), with `previousRev` ->
 * `resultRev` chaining exactly as `_rev` does. With `enableResume`, a reconnect that sends
 * Last-Event-ID gets `welcomeback` and the events it missed, or `reset` when they are gone.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { GroqSyntaxError, parse } from 'groq-js';
import { runQuery } from './groq.ts';
import { isUnpublishedId } from './perspective.ts';
import type { DocumentStore, Transaction } from './store/document-store.ts';
import { effectsOf } from './store/mendoza-effects.ts';
import type { DocumentChange } from './store/apply-mutations.ts';
import type { SanityDocument } from './types.ts';

const keepAliveMs = 25_000;

interface ListenOptions {
  query: string;
  params: Record<string, unknown>;
  includeResult: boolean;
  includePreviousRevision: boolean;
  includeMutations: boolean;
  includeAllVersions: boolean;
  effects: boolean;
  visibility: string;
  enableResume: boolean;
  /** A caller without the token: drafts, versions and other documents under a path never match (as on a hosted project). */
  publishedOnly: boolean;
}

function flag(search: URLSearchParams, name: string, fallback: boolean): boolean {
  const value = search.get(name);
  return value === null ? fallback : value === 'true';
}

function readOptions(url: URL, publishedOnly: boolean): ListenOptions | { error: string } {
  const search = url.searchParams;
  const query = search.get('query');
  if (!query) return { error: 'Missing "query" parameter' };
  const params: Record<string, unknown> = {};
  for (const [key, raw] of search) {
    if (!key.startsWith('$')) continue;
    try {
      params[key.slice(1)] = JSON.parse(raw);
    } catch {
      return { error: `Unable to parse value of "${key}=${raw}". Please quote string values.` };
    }
  }
  try {
    parse(query, { params });
  } catch (error) {
    return { error: error instanceof GroqSyntaxError ? `Invalid listen query: ${error.message}` : String(error) };
  }
  return {
    query,
    params,
    includeResult: flag(search, 'includeResult', true),
    includePreviousRevision: flag(search, 'includePreviousRevision', false),
    includeMutations: flag(search, 'includeMutations', true),
    includeAllVersions: flag(search, 'includeAllVersions', false),
    effects: search.get('effectFormat') === 'mendoza',
    visibility: search.get('visibility') ?? 'query',
    enableResume: flag(search, 'enableResume', false),
    publishedOnly,
  };
}

function send(res: ServerResponse, event: string, data: unknown, id?: string): void {
  res.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

async function matches(doc: SanityDocument | null, options: ListenOptions): Promise<boolean> {
  if (!doc) return false;
  if (options.publishedOnly && (isUnpublishedId(doc._id) || doc._id.includes('.'))) return false;
  if (!options.includeAllVersions && doc._id.startsWith('versions.')) return false;
  const outcome = await runQuery(options.query, options.params, [doc]);
  return outcome.ok && Array.isArray(outcome.result) && outcome.result.length > 0;
}

/** The mutation events one transaction gives this listener, in the transaction's order. */
async function eventsFor(transaction: Transaction, options: ListenOptions): Promise<[string, object][]> {
  const relevant: { change: DocumentChange; transition: string }[] = [];
  for (const change of transaction.changes) {
    const [was, is] = await Promise.all([matches(change.before, options), matches(change.after, options)]);
    if (!was && !is) continue;
    relevant.push({ change, transition: was && is ? 'update' : is ? 'appear' : 'disappear' });
  }
  return relevant.map(({ change, transition }, index) => {
    const eventId = `${transaction.id}#${change.id}`;
    return [
      eventId,
      {
        eventId,
        documentId: change.id,
        transactionId: transaction.id,
        transition,
        identity: transaction.author,
        ...(options.includeMutations ? { mutations: change.mutations } : {}),
        ...(change.before?._rev ? { previousRev: change.before._rev } : {}),
        resultRev: change.after?._rev ?? transaction.id,
        timestamp: transaction.timestamp,
        visibility: options.visibility,
        ...(options.effects ? { effects: effectsOf(change.before, change.after) } : {}),
        ...(options.includeResult && change.after ? { result: change.after } : {}),
        ...(options.includePreviousRevision && change.before ? { previous: change.before } : {}),
        transactionTotalEvents: relevant.length,
        transactionCurrentEvent: index + 1,
      },
    ];
  });
}

export function handleListen(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  store: DocumentStore,
  publishedOnly: boolean,
): void {
  const options = readOptions(url, publishedOnly);
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  });
  if ('error' in options) {
    send(res, 'channelError', { message: options.error });
    res.end();
    return;
  }

  // Events go out strictly in commit order, whatever the time each filter takes.
  let chain: Promise<void> = Promise.resolve();
  const deliver = (transaction: Transaction): void => {
    chain = chain.then(async () => {
      for (const [id, data] of await eventsFor(transaction, options)) {
        if (!res.writableEnded) send(res, 'mutation', data, id);
      }
    });
  };

  const lastEventId = req.headers['last-event-id'];
  const resumeFrom = options.enableResume && typeof lastEventId === 'string' ? lastEventId.split('#')[0] : undefined;
  // Subscribe before reading the backlog: nothing committed in between is lost.
  const unsubscribe = store.subscribe(deliver);
  const listenerName = `L${randomBytes(8).toString('hex')}`;
  if (resumeFrom === undefined) send(res, 'welcome', { listenerName });
  else {
    const position = store.indexOf(resumeFrom);
    if (position === -1) send(res, 'reset', {});
    else {
      send(res, 'welcomeback', { listenerName });
      for (const transaction of store.transactions().slice(position + 1)) deliver(transaction);
    }
  }

  const keepAlive = setInterval(() => res.write(': ping\n\n'), keepAliveMs);
  keepAlive.unref();
  const close = (): void => {
    clearInterval(keepAlive);
    unsubscribe();
  };
  res.on('close', close);
  req.on('close', close);
}
