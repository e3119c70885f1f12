/**
 * What a catalogue list's read accepts (the list state of its URL, list-params.ts) and how many
 * rows a page holds: one schema per list, built from the columns it may be sorted by.
 */
import { z } from 'zod';
import type { ListDefaults } from '../../../components/admin/list-params';

export const PAGE_SIZE = 20;

export function catalogueListInput<const Sort extends string>(sortable: readonly [Sort, ...Sort[]]) {
  return z.object({
    q: z.string().max(200),
    sort: z.string().pipe(z.enum(sortable)),
    dir: z.enum(['asc', 'desc']),
    published: z.enum(['all', 'published', 'draft']),
    page: z.number().int().min(1),
  });
}

/** The defaults list-params.ts falls back to, from the same sortable columns. */
export function listDefaults<const Sort extends string>(
  sortable: readonly [Sort, ...Sort[]],
  sort: Sort,
): ListDefaults {
  return { sort, sortable };
}
