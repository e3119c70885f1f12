/**
 * The one store behind both faces of the lake: the seed (content/*.ndjson) with the journal's
 * transactions replayed over it. Commits are atomic (every check passes before anything
 * changes), journaled before they are acknowledged, then published to listeners in order; readers
 * always get a whole, immutable snapshot.
 */
import { randomBytes } from 'node:crypto';
import { runQuery } from '../groq.ts';
import { draftsView, publishedView } from '../perspective.ts';
import type { DatasetSnapshot, SanityDocument, StoredAsset } from '../types.ts';
import { mutationsForAction } from './actions.ts';
import { applyMutations, type DocumentChange, type Mut } from './apply-mutations.ts';
import type { Journal, JournalEntry } from './journal.ts';
import { MutationError } from './mutation-error.ts';

export interface Transaction {
  id: string;
  timestamp: string;
  author: string;
  changes: DocumentChange[];
  /** A seed reload: not journaled, not in history after a restart. */
  fromSeed?: boolean;
}

export type TransactionListener = (transaction: Transaction) => void;

export interface CommitOptions {
  transactionId?: string;
  author: string;
  dryRun?: boolean;
}

export interface DocumentStore {
  snapshot(): DatasetSnapshot;
  get(id: string): SanityDocument | null;
  mutate(mutations: unknown, options: CommitOptions): Promise<Transaction>;
  act(actions: unknown, options: CommitOptions): Promise<Transaction>;
  /** Swaps in a new seed; documents the journal touched keep their journaled state. */
  reseed(seed: DatasetSnapshot): void;
  /** Every transaction since the store was made, oldest first (journal replay included). */
  transactions(): readonly Transaction[];
  indexOf(transactionId: string): number;
  subscribe(listener: TransactionListener): () => void;
  /** Binary files uploaded through the assets API, by URL file name. */
  addUploadedAsset(fileName: string, asset: StoredAsset): void;
}

/** Sanity transaction ids: 22 URL-safe characters. */
export function newTransactionId(): string {
  return randomBytes(16).toString('base64url').slice(0, 22);
}

const validTransactionId = /^[A-Za-z0-9_-]{1,64}$/;

export interface StoreOptions {
  seed: DatasetSnapshot;
  journal?: Journal;
  /** Entries read from the journal at start, replayed over the seed. */
  replay?: JournalEntry[];
  uploaded?: Map<string, StoredAsset>;
}

function sameContent(a: SanityDocument | undefined, b: SanityDocument | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function createDocumentStore(options: StoreOptions): DocumentStore {
  let seed = options.seed;
  const journal = options.journal;
  const docs = new Map<string, SanityDocument>();
  const history: Transaction[] = [];
  const positions = new Map<string, number>();
  const listeners = new Set<TransactionListener>();
  const uploaded = options.uploaded ?? new Map<string, StoredAsset>();
  const journaled: JournalEntry[] = [...(options.replay ?? [])];
  let current: DatasetSnapshot | undefined;
  // One commit at a time: checks, journal, publish, in order.
  let queue: Promise<unknown> = Promise.resolve();

  function record(transaction: Transaction): void {
    positions.set(transaction.id, history.length);
    history.push(transaction);
    for (const change of transaction.changes) {
      if (change.after) docs.set(change.id, change.after);
      else docs.delete(change.id);
    }
    current = undefined;
  }

  function replayEntry(entry: JournalEntry): void {
    const changes = entry.documents.map((d) => ({
      id: d.id,
      before: docs.get(d.id) ?? null,
      after: d.after,
      mutations: d.mutations,
    }));
    record({ id: entry.id, timestamp: entry.timestamp, author: entry.author, changes });
  }

  function loadFrom(snapshot: DatasetSnapshot): void {
    docs.clear();
    for (const doc of snapshot.raw) docs.set(doc._id, doc);
  }

  loadFrom(seed);
  for (const entry of journaled) replayEntry(entry);

  function snapshot(): DatasetSnapshot {
    if (current) return current;
    const raw = [...docs.values()];
    const images = new Map(seed.images);
    const files = new Map(seed.files);
    for (const [name, asset] of uploaded) (asset.kind === 'image' ? images : files).set(name, asset);
    current = {
      raw,
      byId: new Map(docs),
      published: publishedView(raw),
      drafts: draftsView(raw),
      images,
      files,
      loadedAt: seed.loadedAt,
    };
    return current;
  }

  const get = (id: string): SanityDocument | null => docs.get(id) ?? null;

  async function select(query: string, params: Record<string, unknown>): Promise<string[]> {
    const outcome = await runQuery(query, params, snapshot().raw);
    if (!outcome.ok) throw new MutationError(400, `The mutation's query failed: ${outcome.error.description}`);
    const rows = Array.isArray(outcome.result) ? outcome.result : [outcome.result];
    return rows.flatMap((row) => {
      const id = (row as { _id?: unknown } | null)?._id;
      return typeof id === 'string' ? [id] : [];
    });
  }

  function publish(transaction: Transaction): void {
    for (const listener of listeners) {
      try {
        listener(transaction);
      } catch {
        // A listener's failure is its own (a closed connection); the commit stands.
      }
    }
  }

  function transactionIdFrom(requested: string | undefined): string {
    if (requested === undefined) return newTransactionId();
    if (!validTransactionId.test(requested)) throw new MutationError(400, `Invalid transactionId "${requested}"`);
    if (positions.has(requested)) throw new MutationError(409, `Transaction "${requested}" has already been committed`);
    return requested;
  }

  function commit(
    build: (ctx: { transactionId: string; timestamp: string }) => Promise<DocumentChange[]>,
    options: CommitOptions,
  ) {
    const run = queue.then(async () => {
      const transactionId = transactionIdFrom(options.transactionId);
      const timestamp = new Date().toISOString();
      const changes = await build({ transactionId, timestamp });
      const transaction: Transaction = { id: transactionId, timestamp, author: options.author, changes };
      if (options.dryRun) return transaction;
      const entry: JournalEntry = {
        id: transactionId,
        timestamp,
        author: options.author,
        documents: changes.map((c) => ({ id: c.id, after: c.after, mutations: c.mutations })),
      };
      journal?.append(entry);
      journaled.push(entry);
      record(transaction);
      publish(transaction);
      return transaction;
    });
    queue = run.catch(() => undefined);
    return run;
  }
  return {
    snapshot,
    get,
    mutate(mutations, commitOptions) {
      return commit(
        ({ transactionId, timestamp }) => applyMutations(mutations, { get, select, transactionId, timestamp }),
        commitOptions,
      );
    },
    act(actions, commitOptions) {
      return commit(async ({ transactionId, timestamp }) => {
        if (!Array.isArray(actions) || actions.length === 0) {
          throw new MutationError(400, '"actions" must be a non-empty array', 'actionError');
        }
        // Each action sees what the earlier ones in the request did.
        const overlay = new Map<string, SanityDocument | null>();
        const view = (id: string): SanityDocument | null => (overlay.has(id) ? (overlay.get(id) ?? null) : get(id));
        const all: Mut[] = [];
        for (const action of actions) {
          const mutations = mutationsForAction(action, view);
          if (mutations.length === 0) continue;
          for (const change of await applyMutations(mutations, { get: view, select, transactionId, timestamp })) {
            overlay.set(change.id, change.after);
          }
          all.push(...mutations);
        }
        if (all.length === 0) return [];
        return applyMutations(all, { get, select, transactionId, timestamp });
      }, commitOptions);
    },
    reseed(next) {
      const before = new Map(docs);
      seed = next;
      loadFrom(next);
      history.length = 0;
      positions.clear();
      for (const entry of journaled) replayEntry(entry);
      current = undefined;
      // Tell listeners what the new seed changed, as one transaction.
      const ids = new Set([...before.keys(), ...docs.keys()]);
      const changes: DocumentChange[] = [];
      for (const id of ids) {
        const was = before.get(id);
        const now = docs.get(id);
        if (sameContent(was, now)) continue;
        const mutation = (now ? { createOrReplace: now } : { delete: { id } }) as Mut;
        changes.push({ id, before: was ?? null, after: now ?? null, mutations: [mutation] });
      }
      if (changes.length === 0) return;
      const transaction: Transaction = {
        id: newTransactionId(),
        timestamp: new Date().toISOString(),
        author: 'seed',
        changes,
        fromSeed: true,
      };
      positions.set(transaction.id, history.length);
      history.push(transaction);
      publish(transaction);
    },
    transactions: () => history,
    indexOf: (transactionId) => positions.get(transactionId) ?? -1,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    addUploadedAsset(fileName, asset) {
      uploaded.set(fileName, asset);
      current = undefined;
    },
  };
}
