/**
 * Mendoza effects for a document change, as listeners and history ask for with `effectFormat=mendoza`.
 * The mendoza package only applies patches (Sanity encodes them server-side in Go); the lake sends
 * the simplest valid patch, a whole-value replacement (op 0, "Value"), which every mendoza
 * reader applies exactly, at the cost of size and of field-level attribution in the Studio's review.
 */
import type { SanityDocument } from '../types.ts';

export type MendozaPatch = [0, unknown];

export interface Effects {
  apply: MendozaPatch;
  revert: MendozaPatch;
}

export function effectsOf(before: SanityDocument | null, after: SanityDocument | null): Effects {
  return { apply: [0, after], revert: [0, before] };
}
