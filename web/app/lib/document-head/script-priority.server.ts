/**
 * Marks the head's module preloads `fetchpriority="low"`: the hydration JavaScript runs only after
 * the first paint anyway (async module scripts), so on a slow connection the stylesheets' absence
 * and the LCP image should not share the first round trips with it. Lighthouse counts
 * high-priority scripts that arrive before the first paint as render-blocking.
 */
const modulePreload = /<link\b(?=[^>]*\srel="modulepreload")(?![^>]*\sfetchpriority=)[^>]*?(\s*\/?>)/gi;

export function lowerModulePreloadPriority(head: string): string {
  return head.replace(modulePreload, (tag, end: string) => `${tag.slice(0, -end.length)} fetchpriority="low"${end}`);
}
