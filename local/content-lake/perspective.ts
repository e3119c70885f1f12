/**
 * Perspectives, which groq-js lacks: which documents a query sees. `published` hides `drafts.` and
 * `versions.` documents; `drafts` lays each draft over its published twin (under the published
 * `_id`, with `_originalId` telling where it came from); `raw` shows everything.
 */
import type { SanityDocument } from './types.ts';

export type Perspective = 'raw' | 'published' | 'drafts';

/** API versions from this date on default to `published`; older ones (and v1) to `raw`. */
const publishedByDefaultFrom = '2025-02-19';

export function isUnpublishedId(id: string): boolean {
  return id.startsWith('drafts.') || id.startsWith('versions.');
}

export function defaultPerspective(apiVersion: string): Perspective {
  if (apiVersion === 'X') return 'published';
  return /^\d{4}-\d{2}-\d{2}$/.test(apiVersion) && apiVersion >= publishedByDefaultFrom ? 'published' : 'raw';
}

/** The `perspective` query parameter, or an error message for values this lake cannot honour. */
export function parsePerspective(value: string | null, apiVersion: string): Perspective | { error: string } {
  if (value === null || value === '') return defaultPerspective(apiVersion);
  if (value === 'raw' || value === 'published' || value === 'drafts') return value;
  if (value === 'previewDrafts') return 'drafts';
  return {
    error: `Unsupported perspective "${value}": the local content lake knows raw, published and drafts (no content releases)`,
  };
}

export function publishedView(raw: readonly SanityDocument[]): SanityDocument[] {
  return raw.filter((doc) => !isUnpublishedId(doc._id));
}

export function draftsView(raw: readonly SanityDocument[]): SanityDocument[] {
  const byPublishedId = new Map<string, SanityDocument>();
  for (const doc of raw) {
    if (doc._id.startsWith('versions.')) continue;
    if (doc._id.startsWith('drafts.')) {
      const publishedId = doc._id.slice('drafts.'.length);
      byPublishedId.set(publishedId, { ...doc, _id: publishedId, _originalId: doc._id });
    } else if (!byPublishedId.has(doc._id)) {
      byPublishedId.set(doc._id, { ...doc, _originalId: doc._id });
    }
  }
  return [...byPublishedId.values()];
}
