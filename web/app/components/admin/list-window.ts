/**
 * Which rows a page of an admin list reads. Lists count with PostgREST's `count=estimated` (exact
 * up to its max rows, 1000, and the planner's estimate beyond: counting 100k rows exactly on every
 * page turn costs more than the page), and a page in the second half of the list is read from the
 * other end (the sort reversed, the rows turned back), so the last page costs what the first does
 * instead of skipping every row before it. Imported by scripts/bench-data.ts too: the benchmark
 * reads exactly as the admin does.
 */

/** The count every paged admin list asks PostgREST for. */
export const LIST_COUNT = 'estimated' as const;

/** PostgREST's max rows (supabase/config.toml): up to it an estimated count is exact. */
export const EXACT_COUNT_UP_TO = 1000;

/** A list's total in words: "about 70,412" where it is the planner's estimate. */
export function totalWords(total: number): string {
  return total > EXACT_COUNT_UP_TO ? `about ${total.toLocaleString('en')}` : String(total);
}

export interface PageWindow {
  /** Range of rows to ask for, 0-based and inclusive, in the direction below. */
  from: number;
  to: number;
  /** True: ask with the sort reversed and turn the rows back. */
  reversed: boolean;
}

/**
 * The window of 1-based `page` of `pageSize` rows, knowing `total` (null: not known yet, as for
 * the first page, which is always read forwards).
 */
export function pageWindow(page: number, pageSize: number, total: number | null): PageWindow {
  const forward = { from: (page - 1) * pageSize, to: page * pageSize - 1, reversed: false };
  if (total === null || total <= 0) return forward;
  const lastPage = Math.ceil(total / pageSize);
  if (page <= Math.ceil(lastPage / 2) || page > lastPage) return forward;
  const rowsOnLastPage = total - (lastPage - 1) * pageSize;
  if (page === lastPage) return { from: 0, to: rowsOnLastPage - 1, reversed: true };
  const from = rowsOnLastPage + (lastPage - page - 1) * pageSize;
  return { from, to: from + pageSize - 1, reversed: true };
}

/** The rows of a window in list order (a reversed read comes back last row first). */
export function inListOrder<Row>(rows: readonly Row[], window: PageWindow): Row[] {
  return window.reversed ? rows.toReversed() : [...rows];
}
