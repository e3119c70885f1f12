/**
 * Builds the PostgREST `or` filter for the site search and the /training text filter: the
 * visitor's text, matched literally and case-insensitively, in any of the given columns. Pass the
 * result to supabase-js `.or()`.
 */

const columnName = /^[a-z_][a-z0-9_]*$/;

/** PostgREST's quoted value: commas, dots and parentheses lose their meaning inside `"..."`. */
function quote(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** LIKE's wildcards and its default escape character, made literal. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** The metacharacters of PostgreSQL's regular expressions, made literal. */
function escapeRegex(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}

/**
 * `title.ilike."%text%",description.ilike."%text%"` for the given columns, or null for blank
 * text (the search makes no call then). PostgREST turns every `*` of a like/ilike value into `%`
 * and offers no escape for it, so text containing `*` is matched with imatch (`~*`, a regular
 * expression) instead; the trigram indexes serve both operators.
 */
export function ilikeAnyFilter(columns: readonly string[], text: string): string | null {
  const needle = text.trim();
  if (needle === '') return null;
  if (columns.length === 0) throw new RangeError('ilikeAnyFilter needs at least one column');
  for (const column of columns) {
    if (!columnName.test(column)) throw new RangeError(`Not a plain column name: ${column}`);
  }
  const condition = needle.includes('*')
    ? `imatch.${quote(escapeRegex(needle))}`
    : `ilike.${quote(`%${escapeLike(needle)}%`)}`;
  return columns.map((column) => `${column}.${condition}`).join(',');
}
