/**
 * The lake's journal: one NDJSON line per committed transaction, appended and fsynced before the
 * transaction is acknowledged, so a kill -9 (or a power cut) loses nothing that was answered.
 * Each line holds every touched document whole (after the transaction), so replaying never
 * re-runs patch logic and a changed seed under an edited document cannot change the edit.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SanityDocument } from '../types.ts';
import type { Mut } from './apply-mutations.ts';

export interface JournalEntry {
  id: string;
  timestamp: string;
  author: string;
  documents: { id: string; after: SanityDocument | null; mutations: Mut[] }[];
}

export interface Journal {
  append(entry: JournalEntry): void;
  close(): void;
}

function isEntry(value: unknown): value is JournalEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<JournalEntry>;
  return typeof entry.id === 'string' && typeof entry.timestamp === 'string' && Array.isArray(entry.documents);
}

/**
 * Every entry in order. A torn last line (a crash mid-write, never acknowledged) is cut off the
 * file so later appends start on a clean line; a bad line elsewhere is an error naming it.
 */
export function readJournal(path: string, onLog: (line: string) => void): JournalEntry[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const entries: JournalEntry[] = [];
  let offset = 0;
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    const isLast = index === lines.length - 1;
    if (line.trim() !== '') {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        value = undefined;
      }
      if (!isEntry(value)) {
        if (isLast || lines.slice(index + 1).every((rest) => rest.trim() === '')) {
          onLog(`journal ${path}: dropped an incomplete last line (a write cut short, never acknowledged)`);
          truncateSync(path, Buffer.byteLength(text.slice(0, offset)));
          break;
        }
        throw new Error(
          `Content lake journal ${path}:${index + 1} is not a journal entry; move the file away to start from the seed`,
        );
      }
      entries.push(value);
    }
    offset += line.length + 1;
  }
  return entries;
}

export function openJournal(path: string): Journal {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'a');
  return {
    append(entry) {
      writeSync(fd, `${JSON.stringify(entry)}\n`);
      fsyncSync(fd);
    },
    close() {
      closeSync(fd);
    },
  };
}
