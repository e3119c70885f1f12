/** Reads a seed dataset (every `*.ndjson` in a folder), reporting unparsable lines and duplicate ids. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Problem } from './problems.ts';

export interface SeedDocument {
  _id: string;
  _type: string;
  [key: string]: unknown;
}

export interface Dataset {
  dir: string;
  documents: SeedDocument[];
  byId: Map<string, SeedDocument>;
  problems: Problem[];
}

function isSeedDocument(value: unknown): value is SeedDocument {
  if (typeof value !== 'object' || value === null) return false;
  const { _id, _type } = value as Record<string, unknown>;
  return typeof _id === 'string' && _id.length > 0 && typeof _type === 'string' && _type.length > 0;
}

export function loadDataset(dir: string): Dataset {
  const problems: Problem[] = [];
  const documents: SeedDocument[] = [];
  const byId = new Map<string, SeedDocument>();
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.ndjson'))
    .sort();
  if (files.length === 0) problems.push({ level: 'error', message: `no *.ndjson files in ${dir}` });
  for (const file of files) {
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (line.trim() === '') return;
        const where = `${file}:${index + 1}`;
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch (error) {
          problems.push({ level: 'error', path: where, message: `not JSON: ${(error as Error).message}` });
          return;
        }
        if (!isSeedDocument(parsed)) {
          problems.push({ level: 'error', path: where, message: 'a document needs a string _id and _type' });
          return;
        }
        if (byId.has(parsed._id)) {
          problems.push({ level: 'error', documentId: parsed._id, path: where, message: 'duplicate _id' });
          return;
        }
        byId.set(parsed._id, parsed);
        documents.push(parsed);
      });
  }
  return { dir, documents, byId, problems };
}
