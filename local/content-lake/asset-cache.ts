/** Remembers described assets across reloads, keyed by path, size and mtime, so only changed files are re-read. */
import { stat } from 'node:fs/promises';
import { describeAsset, type DescribedAsset } from './describe-asset.ts';

export type AssetDescriber = (kind: 'image' | 'file', filePath: string) => Promise<DescribedAsset>;

export function createAssetCache(): AssetDescriber {
  const cache = new Map<string, Promise<DescribedAsset>>();
  return async (kind, filePath) => {
    const info = await stat(filePath);
    const key = `${kind}:${filePath}:${info.size}:${info.mtimeMs}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = describeAsset(kind, filePath);
      cache.set(key, entry);
      // A failed read is not remembered: the next reload tries again.
      entry.catch(() => cache.delete(key));
    }
    return entry;
  };
}
