/**
 * The objects' bytes on disk: one file per stored version, named by the version's id (a UUID the
 * server makes), so no part of a client's key ever becomes a file-system path.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const versionPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface FileStore {
  /** Stores the bytes as a new version; returns its id. */
  write(bytes: Buffer): Promise<string>;
  read(version: string): Promise<Buffer>;
  remove(version: string): Promise<void>;
}

export function createFileStore(root: string): FileStore {
  mkdirSync(root, { recursive: true });
  const pathOf = (version: string) => {
    // Versions come from this store, through the database; refuse anything else all the same.
    if (!versionPattern.test(version)) throw new Error(`not a stored version: ${version.slice(0, 60)}`);
    return join(root, version);
  };
  return {
    async write(bytes) {
      const version = randomUUID();
      await writeFile(pathOf(version), bytes, { flag: 'wx' });
      return version;
    },
    read: (version) => readFile(pathOf(version)),
    remove: (version) => rm(pathOf(version), { force: true }),
  };
}
