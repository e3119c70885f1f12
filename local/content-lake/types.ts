/** Shapes shared by the content lake's modules: documents, stored assets and a loaded dataset. */

export interface SanityDocument {
  _id: string;
  _type: string;
  [field: string]: unknown;
}

/** One binary under contentDir, as the asset pipeline knows it after "upload". */
export interface StoredAsset {
  kind: 'image' | 'file';
  /** Document id, e.g. `image-<sha1>-300x200-png` or `file-<sha1>-pdf`. */
  id: string;
  sha1: string;
  extension: string;
  mimeType: string;
  filePath: string;
  size: number;
  width: number;
  height: number;
}

/** An immutable, fully resolved dataset: swapped in whole on reload so readers never see half a load. */
export interface DatasetSnapshot {
  /** Every document, drafts included, in file order, then generated asset documents. */
  raw: SanityDocument[];
  byId: ReadonlyMap<string, SanityDocument>;
  published: SanityDocument[];
  drafts: SanityDocument[];
  /** Keyed by the file name in the URL: `<sha1>-<w>x<h>.<ext>` for images, `<sha1>.<ext>` for files. */
  images: ReadonlyMap<string, StoredAsset>;
  files: ReadonlyMap<string, StoredAsset>;
  loadedAt: Date;
}
