/**
 * What a caller without the token sees: published documents only, whatever perspective it asks
 * for (drafts and versions are private on a hosted project too), and no document whose id has a
 * `.` in it: hosted keeps those private to tokens as well, which is what keeps the preview URL
 * secrets (`sanity-preview-url-secret.share-access`, `drafts.<uuid>`) from the public. One view
 * per snapshot, kept while the snapshot lives.
 */
import type { DatasetSnapshot } from './types.ts';

/** Drafts, versions and every other id with a path (`a.b`) are private on a hosted dataset. */
export const isPrivateId = (id: string): boolean => id.includes('.');

const views = new WeakMap<DatasetSnapshot, DatasetSnapshot>();

export function publicSnapshot(snapshot: DatasetSnapshot): DatasetSnapshot {
  const known = views.get(snapshot);
  if (known) return known;
  const byId = new Map([...snapshot.byId].filter(([id]) => !isPrivateId(id)));
  const published = snapshot.published.filter((doc) => !isPrivateId(doc._id));
  const view = { ...snapshot, raw: published, drafts: published, published, byId };
  views.set(snapshot, view);
  return view;
}
