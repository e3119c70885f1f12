/**
 * Click-to-edit markers for preview mode: `data-sanity` attributes (`createDataAttribute`), made on
 * the server so the public bundle carries none of their code. One per page block (clicking a
 * block opens it in the Studio) and one for the page title. The local lake has no content source
 * maps, so stega-encoded strings are not an option there (docs/preview.md).
 */
import { createDataAttribute } from '@sanity/visual-editing/create-data-attribute';

export interface PreviewMarkers {
  title: string;
  /** By block `_key`. */
  blocks: Record<string, string>;
}

interface MarkedDocument {
  _id: string;
  _type: string;
  pageBuilder?: ReadonlyArray<{ _key: string }> | null;
}

export function previewMarkers(document: MarkedDocument): PreviewMarkers {
  const attribute = createDataAttribute({ id: document._id, type: document._type });
  const blocks: Record<string, string> = {};
  for (const { _key } of document.pageBuilder ?? [])
    blocks[_key] = attribute(`pageBuilder[_key=="${_key}"]`).toString();
  return { title: attribute('title').toString(), blocks };
}
