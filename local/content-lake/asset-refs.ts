/**
 * Finds `_sanityAsset` fields the way `sanity dataset import` does (anywhere in a document) and
 * rewrites each holder into a real asset reference once the asset is "uploaded".
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AssetRef {
  kind: 'image' | 'file';
  /** Absolute path of the binary on disk. */
  filePath: string;
  /** The object that carries `_sanityAsset`; mutated by `replaceAssetRef`. */
  holder: Record<string, unknown>;
  /** e.g. `pageBuilder[2].image`, for error messages. */
  path: string;
}

const assetPattern = /^(file|image)@(.+)$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `file://./images/x.png` is relative to the content folder, as in the import format. */
function toFilePath(url: string, contentDir: string): string | undefined {
  if (url.startsWith('file://./')) return resolve(contentDir, url.slice('file://./'.length));
  if (url.startsWith('file://')) return fileURLToPath(url);
  if (!url.includes('://') && !isAbsolute(url)) return resolve(contentDir, url);
  return undefined;
}

/** Every `_sanityAsset` in `doc`; `problems` receives one line per unusable value. */
export function findAssetRefs(doc: unknown, contentDir: string, where: string, problems: string[]): AssetRef[] {
  const refs: AssetRef[] = [];
  const visit = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${path}[${index}]`));
      return;
    }
    if (!isRecord(value)) return;
    const spec = value._sanityAsset;
    if (spec !== undefined) {
      const match = typeof spec === 'string' ? assetPattern.exec(spec) : null;
      const filePath = match?.[2] === undefined ? undefined : toFilePath(match[2], contentDir);
      if (!match || filePath === undefined) {
        problems.push(
          `${where}: ${path || '(root)'}._sanityAsset must look like "image@file://./images/x.jpg" (got ${JSON.stringify(spec)}; remote URLs are not fetched offline)`,
        );
      } else {
        refs.push({ kind: match[1] === 'file' ? 'file' : 'image', filePath, holder: value, path: path || '(root)' });
      }
    }
    for (const [key, child] of Object.entries(value)) {
      if (key !== '_sanityAsset') visit(child, path ? `${path}.${key}` : key);
    }
  };
  visit(doc, '');
  return refs;
}

/** `_sanityAsset` becomes `asset: {_type: 'reference', _ref}` where it stood (field order kept), in place. */
export function replaceAssetRef(holder: Record<string, unknown>, assetId: string): void {
  const entries = Object.entries(holder)
    .filter(([key]) => key !== 'asset')
    .map(([key, value]): [string, unknown] =>
      key === '_sanityAsset' ? ['asset', { _type: 'reference', _ref: assetId }] : [key, value],
    );
  for (const key of Object.keys(holder)) delete holder[key];
  for (const [key, value] of entries) holder[key] = value;
}
