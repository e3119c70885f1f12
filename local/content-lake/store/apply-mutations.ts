/**
 * Applies a transaction's mutations (Sanity's Mutations API: create, createOrReplace,
 * createIfNotExists, delete, patch by id or query) to the current documents, all or nothing.
 * Patch semantics are @sanity/mutator's, the library the Studio applies listener events with, so
 * the document the lake stores is the document every Studio computes from the same mutations.
 */
import { randomUUID } from 'node:crypto';
import { Mutation, type Mut } from '@sanity/mutator';
import type { SanityDocument } from '../types.ts';
import { MutationError } from './mutation-error.ts';

export type { Mut };

/** One document's part of a transaction. */
export interface DocumentChange {
  id: string;
  before: SanityDocument | null;
  after: SanityDocument | null;
  /** The mutations that touched it, as listeners receive them (ids filled in). */
  mutations: Mut[];
}

export interface ApplyContext {
  get(id: string): SanityDocument | null;
  /** Ids a query selects (raw perspective), for patches and deletes by query. */
  select(query: string, params: Record<string, unknown>): Promise<string[]>;
  transactionId: string;
  timestamp: string;
}

const validId = /^[a-zA-Z0-9_][a-zA-Z0-9._-]{0,127}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkId(id: unknown): string {
  if (typeof id !== 'string' || !validId.test(id) || id.includes('..')) {
    throw new MutationError(400, `Document ID ${JSON.stringify(id)} is not valid`);
  }
  return id;
}

/** `_id` missing or ending in "." (e.g. "drafts.") gets a random id, as Sanity assigns one. */
function documentWithId(doc: unknown, kind: string, allowGenerated: boolean): SanityDocument {
  if (!isRecord(doc)) throw new MutationError(400, `${kind} needs a document object`);
  if (typeof doc._type !== 'string' || doc._type === '') {
    throw new MutationError(400, `${kind}: the document needs a _type`);
  }
  let id = doc._id;
  if (allowGenerated && (id === undefined || (typeof id === 'string' && id.endsWith('.')))) {
    id = `${typeof id === 'string' ? id : ''}${randomUUID()}`;
  }
  return { ...structuredClone(doc), _id: checkId(id), _type: doc._type };
}

type Target = { ids: string[]; mutation: (id: string) => Mut };

async function targetsOf(mutation: unknown, ctx: ApplyContext): Promise<Target> {
  if (!isRecord(mutation)) throw new MutationError(400, 'Each mutation must be an object');
  const kinds = Object.keys(mutation);
  const [kind] = kinds;
  if (kinds.length !== 1 || kind === undefined) {
    throw new MutationError(
      400,
      `A mutation has exactly one of create, createOrReplace, createIfNotExists, delete, patch`,
    );
  }
  const body = mutation[kind];
  switch (kind) {
    case 'create':
    case 'createOrReplace':
    case 'createIfNotExists': {
      const doc = documentWithId(body, kind, kind === 'create');
      return { ids: [doc._id], mutation: () => ({ [kind]: doc }) as Mut };
    }
    case 'delete':
    case 'patch': {
      if (!isRecord(body)) throw new MutationError(400, `${kind} needs an object with id or query`);
      const { id, query, params, ...rest } = body;
      let ids: string[];
      if (typeof query === 'string') ids = await ctx.select(query, isRecord(params) ? params : {});
      else ids = [checkId(id)];
      return { ids, mutation: (target) => ({ [kind]: { ...rest, id: target } }) as Mut };
    }
    default:
      throw new MutationError(400, `Unknown mutation type "${kind}"`);
  }
}

/** One mutation on one document: Sanity's checks, then the mutator's semantics. */
function applyOne(doc: SanityDocument | null, mutation: Mut, id: string, ctx: ApplyContext): SanityDocument | null {
  if (mutation.create && doc) throw new MutationError(409, `Document by ID "${id}" already exists`);
  if (mutation.patch) {
    if (!doc) throw new MutationError(404, `Cannot modify document "${id}": it does not exist`);
    const expected = (mutation.patch as { ifRevisionID?: unknown }).ifRevisionID;
    if (expected !== undefined && expected !== doc._rev) {
      throw new MutationError(
        409,
        `Document "${id}" has unexpected revision ID ("${String(doc._rev)}"), expected "${String(expected)}"`,
      );
    }
  }
  let result: unknown;
  try {
    result = new Mutation({ mutations: [structuredClone(mutation)], timestamp: ctx.timestamp }).apply(
      doc === null ? null : structuredClone(doc),
    );
  } catch (error) {
    throw new MutationError(
      400,
      `Mutation on "${id}" failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (result === null || result === undefined) return null;
  if (!isRecord(result) || result._id !== id || typeof result._type !== 'string') {
    throw new MutationError(400, `Mutation on "${id}" would change its _id or remove its _type`);
  }
  return result as SanityDocument;
}

export async function applyMutations(mutations: unknown, ctx: ApplyContext): Promise<DocumentChange[]> {
  if (!Array.isArray(mutations) || mutations.length === 0) {
    throw new MutationError(400, '"mutations" must be a non-empty array');
  }
  const changes = new Map<string, DocumentChange>();
  for (const mutation of mutations) {
    const target = await targetsOf(mutation, ctx);
    for (const id of target.ids) {
      let change = changes.get(id);
      if (!change) {
        const current = ctx.get(id);
        change = { id, before: current, after: current, mutations: [] };
        changes.set(id, change);
      }
      const applied = target.mutation(id);
      change.after = applyOne(change.after, applied, id, ctx);
      change.mutations.push(applied);
    }
  }
  // Every document a transaction touches gets the transaction's id as its revision, as in Sanity.
  return [...changes.values()]
    .filter((change) => change.before !== null || change.after !== null)
    .map((change) => ({
      ...change,
      after: change.after && {
        ...change.after,
        _createdAt: change.after._createdAt ?? change.before?._createdAt ?? ctx.timestamp,
        _updatedAt: ctx.timestamp,
        _rev: ctx.transactionId,
      },
    }));
}
