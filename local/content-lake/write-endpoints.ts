/**
 * The write face of the lake: `POST /v<apiVersion>/data/mutate/<dataset>` (Mutations API:
 * `{transactionId, results: [{id, operation}]}`, documents with `returnDocuments=true`) and
 * `POST /v<apiVersion>/data/actions/<dataset>` (Actions API: `{transactionId}`). Both commit
 * through the store; `dryRun` checks without committing. Refusals use Sanity's error bodies.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody, sendBadRequest, sendHttpError, sendJson } from './http-reply.ts';
import type { DocumentStore, Transaction } from './store/document-store.ts';
import { MutationError } from './store/mutation-error.ts';

type Parsed = { ok: true; body: Record<string, unknown> } | { ok: false; error: string };

async function readJsonObject(req: IncomingMessage): Promise<Parsed> {
  let body: unknown;
  try {
    body = JSON.parse(await readBody(req));
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw error;
    return { ok: false, error: 'Request body is not valid JSON' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: 'Request body must be a JSON object' };
  }
  return { ok: true, body: body as Record<string, unknown> };
}

function operationOf(change: Transaction['changes'][number]): 'create' | 'update' | 'delete' {
  if (!change.after) return 'delete';
  return change.before ? 'update' : 'create';
}

export async function handleWrite(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  endpoint: 'mutate' | 'actions',
  store: DocumentStore,
  author: string,
): Promise<void> {
  if (req.method !== 'POST') return sendHttpError(res, 405, `Method ${req.method ?? ''} not allowed on ${endpoint}`);
  let parsed: Parsed;
  try {
    parsed = await readJsonObject(req);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return sendHttpError(res, 413, error.message);
    throw error;
  }
  if (!parsed.ok) return sendBadRequest(res, parsed.error);
  const { body } = parsed;
  const search = url.searchParams;
  const requestedId = body.transactionId ?? search.get('transactionId') ?? undefined;
  if (requestedId !== undefined && typeof requestedId !== 'string') {
    return sendBadRequest(res, '"transactionId" must be a string');
  }
  const dryRun = body.dryRun === true || search.get('dryRun') === 'true';
  const options = { transactionId: requestedId, author, dryRun };
  let transaction: Transaction;
  try {
    transaction =
      endpoint === 'mutate' ? await store.mutate(body.mutations, options) : await store.act(body.actions, options);
  } catch (error) {
    if (error instanceof MutationError) return sendJson(res, error.status, error.body());
    throw error;
  }
  if (endpoint === 'actions') return sendJson(res, 200, { transactionId: transaction.id });
  const withDocuments = search.get('returnDocuments') === 'true';
  sendJson(res, 200, {
    transactionId: transaction.id,
    results: transaction.changes.map((change) => ({
      id: change.id,
      operation: operationOf(change),
      ...(withDocuments && change.after ? { document: change.after } : {}),
    })),
    ...(search.get('returnIds') === 'true' ? { documentIds: transaction.changes.map((c) => c.id) } : {}),
  });
}
