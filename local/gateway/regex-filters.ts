/**
 * Which REST calls carry a regular expression that may run for seconds: a `match`/`imatch`
 * filter (PostgreSQL's `~`/`~*`) whose pattern is more than escaped literal text. Such a pattern
 * (backreferences, nested repetition) can hold a pooled connection until the role's statement
 * timeout cancels it, so the gateway lets only a few run at once (docs/security.md, "REST pool").
 * The site's own search sends literal text escaped as a regex (web/app/lib/supabase/ilike-filter.ts),
 * which is never held back.
 */

/** PostgreSQL's regex metacharacters (ARE syntax), the ones the site escapes. */
const metacharacters = new Set('^$.|?*+()[]{}\\');

/** An operator `match.` or `imatch.` (with `(any)`/`(all)`) at the start of a filter or of a tree's condition. */
const operator = /(?:^|[.(,])i?match(?:\((?:any|all)\))?\./g;

/** True when the pattern is plain text: every metacharacter escaped, no other escapes (`\d`, `\1`). */
export function isLiteralPattern(pattern: string): boolean {
  for (let at = 0; at < pattern.length; at += 1) {
    const char = pattern[at] ?? '';
    if (char === '\\') {
      if (!metacharacters.has(pattern[at + 1] ?? '')) return false;
      at += 1;
    } else if (metacharacters.has(char)) {
      return false;
    }
  }
  return true;
}

/** The operand at `from`: a quoted value unescaped, else up to the tree's next `,` or `)` (or the end). */
function operandAt(value: string, from: number, inTree: boolean): string {
  if (value[from] !== '"') {
    if (!inTree) return value.slice(from);
    const end = value.slice(from).search(/[,)]/);
    return end < 0 ? value.slice(from) : value.slice(from, from + end);
  }
  let text = '';
  for (let at = from + 1; at < value.length; at += 1) {
    const char = value[at];
    if (char === '"') return text;
    if (char === '\\') at += 1;
    text += value[at] ?? '';
  }
  return text;
}

/** The patterns of every match/imatch filter in a query string (`?a=b&or=(...)`). */
export function regexPatterns(search: string): string[] {
  const patterns: string[] = [];
  for (const [key, value] of new URLSearchParams(search)) {
    // A logic tree: `or=(a.eq.1,b.imatch."x")`, `not.and=(...)`, `embedded.or=(...)`.
    const inTree = /(^|\.)(or|and)$/.test(key);
    for (const found of value.matchAll(operator)) {
      patterns.push(operandAt(value, found.index + found[0].length, inTree));
    }
  }
  return patterns;
}

/** True when some match/imatch filter of the query is more than literal text. */
export function hasCostlyRegex(search: string): boolean {
  return regexPatterns(search).some((pattern) => !isLiteralPattern(pattern));
}

/** At most `limit` costly filters in PostgREST at once; `tryEnter` answers a release, or null when full. */
export function regexFilterGate(limit: number): { tryEnter(): (() => void) | null; inUse(): number } {
  let running = 0;
  return {
    tryEnter() {
      if (running >= limit) return null;
      running += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running -= 1;
      };
    },
    inUse: () => running,
  };
}
