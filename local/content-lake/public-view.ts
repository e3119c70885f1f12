/**
 * What a caller without the token sees: published documents on the root path only, whatever
 * perspective it asks for. As on a hosted project, drafts, versions and any other document under
 * a path (an id with a dot, such as the publishing worker's `schedules.` or the preview URL
 * secrets `sanity-preview-url-secret.share-access`, `drafts.<uuid>`) need a token. One view
 * per snapshot, kept while the snapshot lives.
 */
import type { DatasetSnapshot } from './types.ts';

const views = new WeakMap<DatasetSnapshot, DatasetSnapshot>();

/** Readable without a token: ids on the root path. */
const isRootPath = (id: string) => !id.includes('.');

export function publicSnapshot(snapshot: DatasetSnapshot): DatasetSnapshot {
  const known = views.get(snapshot);
  if (known) return known;
  const byId = new Map([...snapshot.byId].filter(([id]) => isRootPath(id)));
  const published = snapshot.published.filter((doc) => isRootPath(doc._id));
  const view = { ...snapshot, raw: published, published, drafts: published, byId };
  views.set(snapshot, view);
  return view;
}
