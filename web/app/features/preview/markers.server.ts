/**
 * Click-to-edit markers for preview mode: `data-sanity` attributes (`createDataAttribute`), made on
 * the server so the public bundle carries none of their code. One per page block (clicking a
 * block opens it in the Studio), one per text field of a block (clicking a heading opens the
 * block with that field focused; the blocks that show the field put it on its element through
 * `useFieldMarker`) and one for the page title. The local lake has no content source maps, so
 * stega-encoded strings are not an option there (docs/preview.md).
 */
import { createHash } from 'node:crypto';
import { createDataAttribute } from '@sanity/visual-editing/create-data-attribute';

export interface PreviewMarkers {
  title: string;
  /** By block `_key`. */
  blocks: Record<string, string>;
  /** By block `_key`, then field name: the block's own text fields (not `_key`, `_type`). */
  fields: Record<string, Record<string, string>>;
}

interface MarkedDocument {
  _id: string;
  _type: string;
  pageBuilder?: ReadonlyArray<{ _key: string }> | null;
}

export function previewMarkers(document: MarkedDocument): PreviewMarkers {
  const attribute = createDataAttribute({ id: document._id, type: document._type });
  const blocks: PreviewMarkers['blocks'] = {};
  const fields: PreviewMarkers['fields'] = {};
  for (const block of document.pageBuilder ?? []) {
    const path = `pageBuilder[_key=="${block._key}"]`;
    blocks[block._key] = attribute(path).toString();
    const textFields = Object.entries(block).filter(
      ([name, value]) => !name.startsWith('_') && typeof value === 'string',
    );
    fields[block._key] = Object.fromEntries(
      textFields.map(([name]) => [name, attribute(`${path}.${name}`).toString()]),
    );
  }
  return { title: attribute('title').toString(), blocks, fields };
}

/**
 * A short fingerprint of the content a preview shows. The page's blocks are keyed by it: after a
 * hydrated page, the server-rendered blocks keep their server HTML for as long as they stay
 * mounted (blocks/server-rendered.tsx), so a refresh that brings a changed draft mounts them anew.
 */
export function previewRevision(document: unknown): string {
  return createHash('sha256').update(JSON.stringify(document)).digest('base64url').slice(0, 16);
}
