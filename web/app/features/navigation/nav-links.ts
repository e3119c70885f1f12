/**
 * Pure rules for the site menu: which hrefs are in-site paths, which carry a section hash, and
 * which single link is active for the current path and the section in view.
 */

export interface SplitHref {
  /** The in-site path without trailing slash ('/' for the home page). */
  path: string;
  /** The section id after '#', or '' when there is none. */
  hash: string;
}

/**
 * A URL fragment as the element id it names: percent-escapes decoded, or the text as it is when
 * they do not decode (`#100%`, `#%E0%A4%A`), as browsers do when they look for the target.
 */
export function fragmentId(fragment: string): string {
  const raw = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** `/x/` → `/x`; `''` → `/`. */
export function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** A plain left click: no modifier asking for a new tab or window, a download or a menu. */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
}): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/** True for hrefs that leave the site or the browser tab's page model (web URLs, mailto:, tel:). */
export function isExternalHref(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/**
 * An in-site href split into path and section (`#x` alone means a section of `currentPath`), or
 * null for external hrefs. Query strings are ignored for matching.
 */
export function splitHref(href: string, currentPath: string): SplitHref | null {
  if (isExternalHref(href)) return null;
  const hashAt = href.indexOf('#');
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : fragmentId(href.slice(hashAt + 1));
  const path = beforeHash.split('?')[0] ?? '';
  return { path: normalisePath(path === '' ? currentPath : path), hash };
}

/** Section ids that menu links point to on the current page, in menu order, without duplicates. */
export function sectionIdsForPath(hrefs: readonly string[], currentPath: string): string[] {
  const path = normalisePath(currentPath);
  const ids = new Set<string>();
  for (const href of hrefs) {
    const split = splitHref(href, path);
    if (split && split.hash && split.path === path) ids.add(split.hash);
  }
  return [...ids];
}

/**
 * The one href to mark active. A link to the section in view on the current page wins; otherwise
 * the link whose path is the current path, or else its nearest ancestor (`/about` for
 * `/about/csr`; `/` only matches the home page itself). Null when nothing matches.
 */
export function activeHref(hrefs: readonly string[], currentPath: string, activeSection: string | null): string | null {
  const path = normalisePath(currentPath);
  let best: { href: string; length: number } | null = null;
  for (const href of hrefs) {
    const split = splitHref(href, path);
    if (!split) continue;
    if (split.hash) {
      if (activeSection && split.path === path && split.hash === activeSection) return href;
      continue;
    }
    const matches = split.path === path || (split.path !== '/' && path.startsWith(`${split.path}/`));
    if (matches && (!best || split.path.length > best.length)) best = { href, length: split.path.length };
  }
  return best?.href ?? null;
}
