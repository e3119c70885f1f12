/**
 * Marks the head's module preloads `fetchpriority="low"`. The first paint needs none of the
 * hydration JavaScript (async module scripts), so on a slow connection the document and the LCP
 * image get the first round trips to themselves; and Lighthouse's simulation counts every
 * high-priority script that finished loading before the observed first paint as render-blocking
 * (on loopback they all do), which cost the first paint about a second there.
 */
const modulePreload = /<link\b(?=[^>]*\srel="modulepreload")(?![^>]*\sfetchpriority=)[^>]*?(\s*\/?>)/gi;

export function lowerModulePreloadPriority(head: string): string {
  return head.replace(modulePreload, (tag, end: string) => `${tag.slice(0, -end.length)} fetchpriority="low"${end}`);
}
