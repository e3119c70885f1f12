/**
 * What a caller without the token sees: published documents only, whatever perspective it asks
 * for (drafts and versions are private on a hosted project too). One view per snapshot, kept
 * while the snapshot lives.
 */
import { isUnpublishedId } from './perspective.ts';
import type { DatasetSnapshot } from './types.ts';

const views = new WeakMap<DatasetSnapshot, DatasetSnapshot>();

export function publicSnapshot(snapshot: DatasetSnapshot): DatasetSnapshot {
  const known = views.get(snapshot);
  if (known) return known;
  const byId = new Map([...snapshot.byId].filter(([id]) => !isUnpublishedId(id)));
  const view = { ...snapshot, raw: snapshot.published, drafts: snapshot.published, byId };
  views.set(snapshot, view);
  return view;
}
