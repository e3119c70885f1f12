/**
 * The Actions API (`/data/actions/<dataset>`): each document action becomes the mutations Sanity
 * applies for it, checked against the draft/published rules (a draft to publish must exist, an
 * edit of a published-only document first creates its draft, ...). Listeners see those mutations.
 */
import { getDraftId, getPublishedId, isDraftId, isVersionId } from '@sanity/id-utils';
import type { SanityDocument } from '../types.ts';
import type { Mut } from './apply-mutations.ts';
import { MutationError } from './mutation-error.ts';

type Action = Record<string, unknown> & { actionType?: unknown };

function actionError(status: number, description: string): MutationError {
  return new MutationError(status, description, 'actionError');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(action: Action, name: string): string {
  const value = action[name];
  if (typeof value !== 'string' || value === '') {
    throw actionError(400, `${String(action.actionType)}: "${name}" must be a document ID`);
  }
  return value;
}

function draftIdField(action: Action, name = 'draftId'): string {
  const id = stringField(action, name);
  if (!isDraftId(id as never) && !isVersionId(id as never)) {
    throw actionError(400, `${String(action.actionType)}: "${name}" must be a draft or version ID, got "${id}"`);
  }
  return id;
}

function publishedIdField(action: Action, draftId?: string): string {
  const id = stringField(action, 'publishedId');
  if (isDraftId(id as never) || isVersionId(id as never)) {
    throw actionError(400, `${String(action.actionType)}: "publishedId" must be a published ID, got "${id}"`);
  }
  if (draftId && isDraftId(draftId as never) && getPublishedId(draftId as never) !== id) {
    throw actionError(400, `${String(action.actionType)}: "${draftId}" is not a draft of "${id}"`);
  }
  return id;
}

/** A copy of `doc` under another id (system fields are the new document's own). */
function copyAs(doc: SanityDocument, id: string): SanityDocument {
  const { _rev: _r, _updatedAt: _u, _createdAt: _c, _originalId: _o, ...content } = doc;
  return { ...content, _id: id, _type: doc._type };
}

/**
 * The mutations one action stands for, given the documents as earlier actions in the same request
 * left them (`get`). Throws a MutationError for an action Sanity would refuse.
 */
export function mutationsForAction(action: unknown, get: (id: string) => SanityDocument | null): Mut[] {
  if (!isRecord(action)) throw actionError(400, 'Each action must be an object with an actionType');
  const a = action as Action;
  switch (a.actionType) {
    case 'sanity.action.document.create': {
      const publishedId = publishedIdField(a);
      const attributes = a.attributes;
      if (!isRecord(attributes) || typeof attributes._type !== 'string') {
        throw actionError(400, 'create: "attributes" must be a document with a _type');
      }
      const id = typeof attributes._id === 'string' ? attributes._id : getDraftId(publishedId as never);
      if (id !== publishedId && getPublishedId(id as never) !== publishedId && !isVersionId(id as never)) {
        throw actionError(400, `create: "${id}" is not a version of "${publishedId}"`);
      }
      if (get(id)) {
        if (a.ifExists === 'ignore') return [];
        throw actionError(409, `Document "${id}" already exists`);
      }
      return [{ create: { ...attributes, _id: id, _type: attributes._type } } as Mut];
    }
    case 'sanity.action.document.edit': {
      const draftId = draftIdField(a);
      const publishedId = publishedIdField(a, draftId);
      if (!isRecord(a.patch)) throw actionError(400, 'edit: "patch" must be an object of patch operations');
      const draft = get(draftId);
      const patch = { patch: { ...a.patch, id: draftId } } as Mut;
      if (draft) return [patch];
      // The first edit of a published document makes its draft from the published copy.
      const published = get(publishedId);
      if (!published) throw actionError(409, `Cannot edit "${publishedId}": neither it nor its draft exists`);
      return [{ create: copyAs(published, draftId) } as Mut, patch];
    }
    case 'sanity.action.document.replaceDraft': {
      const publishedId = publishedIdField(a);
      const attributes = a.attributes;
      if (!isRecord(attributes) || typeof attributes._type !== 'string') {
        throw actionError(400, 'replaceDraft: "attributes" must be a document with a _type');
      }
      const draftId = typeof attributes._id === 'string' ? attributes._id : getDraftId(publishedId as never);
      if (getPublishedId(draftId as never) !== publishedId) {
        throw actionError(400, `replaceDraft: "${draftId}" is not a draft of "${publishedId}"`);
      }
      return [{ createOrReplace: { ...attributes, _id: draftId, _type: attributes._type } } as Mut];
    }
    case 'sanity.action.document.publish': {
      const draftId = draftIdField(a);
      const publishedId = publishedIdField(a, draftId);
      const draft = get(draftId);
      if (!draft) throw actionError(409, `Cannot publish "${publishedId}": it has no draft ("${draftId}")`);
      if (typeof a.ifDraftRevisionId === 'string' && a.ifDraftRevisionId !== draft._rev) {
        throw actionError(
          409,
          `Cannot publish "${publishedId}": the draft has changed (revision ${String(draft._rev)})`,
        );
      }
      const published = get(publishedId);
      if (typeof a.ifPublishedRevisionId === 'string' && a.ifPublishedRevisionId !== published?._rev) {
        throw actionError(409, `Cannot publish "${publishedId}": the published document has changed`);
      }
      const next = copyAs(draft, publishedId);
      if (published?._createdAt) next._createdAt = published._createdAt;
      return [{ createOrReplace: next } as Mut, { delete: { id: draftId } } as Mut];
    }
    case 'sanity.action.document.unpublish': {
      const draftId = draftIdField(a);
      const publishedId = publishedIdField(a, draftId);
      const published = get(publishedId);
      if (!published) throw actionError(409, `Cannot unpublish "${publishedId}": it is not published`);
      // The content stays as a draft, as the Studio expects.
      const keep: Mut[] = get(draftId) ? [] : [{ create: copyAs(published, draftId) } as Mut];
      return [...keep, { delete: { id: publishedId } } as Mut];
    }
    case 'sanity.action.document.delete': {
      const publishedId = publishedIdField(a);
      const drafts = Array.isArray(a.includeDrafts) ? a.includeDrafts : [];
      for (const id of drafts) {
        if (typeof id !== 'string' || getPublishedId(id as never) !== publishedId) {
          throw actionError(400, `delete: "${String(id)}" is not a draft of "${publishedId}"`);
        }
      }
      const ids = [publishedId, ...(drafts as string[])].filter((id) => get(id));
      if (ids.length === 0) throw actionError(409, `Cannot delete "${publishedId}": it does not exist`);
      return ids.map((id) => ({ delete: { id } }) as Mut);
    }
    case 'sanity.action.document.discard':
    case 'sanity.action.document.version.discard': {
      const id = a.actionType === 'sanity.action.document.discard' ? draftIdField(a) : draftIdField(a, 'versionId');
      if (!get(id)) throw actionError(409, `Cannot discard "${id}": there is no such draft`);
      return [{ delete: { id } } as Mut];
    }
    default:
      throw actionError(
        400,
        `The local content lake does not support the action ${JSON.stringify(a.actionType)} (no content releases or variants offline)`,
      );
  }
}
