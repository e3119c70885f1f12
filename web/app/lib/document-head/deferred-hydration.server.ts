/**
 * Hydration starts once the page is on screen: when the browser reports the paint of its
 * high-priority (LCP) image, or after the `load` event (and a frame) on a page without one; at the
 * visitor's first pointer or key press if that comes first, and at the latest 3 s in. React
 * Router's route-modules script imports every route module statically and the head preloads them
 * (~105 KiB gzip on a CMS page), so the browser fetched them at once, in competition with the
 * LCP image on a slow connection; and Lighthouse's simulation charges every script that finished
 * before the observed largest paint to LCP (2.0 s, against 1.3 s without). Here the head's module
 * preloads are taken out and the script's static imports become dynamic ones behind that wait,
 * with the preloads added back to the document when it ends (no request waterfall). The script
 * keeps its element and attributes (its CSP nonce); the rest of its text is React Router's own,
 * and its last statement imports the client entry, which hydrates (web/vite/chunk-groups.ts keeps
 * hydration out of the files imported here, so it cannot start before the modules are set).
 */

const modulePreload = /<link\b[^>]*\srel="modulepreload"[^>]*>/gi;
const href = /\shref="([^"]+)"/i;
const staticImport = /^import (?:\* as (\w+) from )?("[^"\n]+");?$/gm;

/** The visitor events that start hydration at once: they may be about to use the page. */
const interactionEvents = ['pointerdown', 'keydown'];
/** Hydration starts by then even if the page's images are still loading. */
const latestStartMs = 3000;

/** After `load`, how long to wait for a high-priority image's paint to be reported. */
const paintReportMs = 500;

/**
 * Resolves once the page's largest image is on screen (the browser reported the paint of a
 * high-priority image, the LCP candidate), or after `load` (at once without such an image, at most
 * `paintReportMs` later with one: it may not be the largest paint, or the browser may not report
 * paints), on the first interaction, or after `latestStartMs`, whichever comes first.
 */
const pageReady = `await new Promise((start) => {
  const events = ${JSON.stringify(interactionEvents)};
  const go = () => { for (const type of events) removeEventListener(type, go, true); start(); };
  for (const type of events) addEventListener(type, go, { capture: true, once: true, passive: true });
  setTimeout(go, ${latestStartMs});
  const lcpImage = 'img[fetchpriority="high"]';
  if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntries().some((entry) => entry.element?.matches(lcpImage))) return;
      observer.disconnect();
      setTimeout(go);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }
  const loaded = () => {
    if (document.querySelector(lcpImage)) setTimeout(go, ${paintReportMs});
    else requestAnimationFrame(() => setTimeout(go));
  };
  if (document.readyState === 'complete') loaded();
  else addEventListener('load', loaded, { once: true });
});`;

/**
 * Adds the module preloads taken out of the head; `frameworkFetched` settles once the framework
 * file (`framework`) is fetched (at once where the browser does not preload modules).
 */
function addPreloads(preloads: string[], framework: string): string {
  return `let frameworkFetched;
for (const href of ${JSON.stringify(preloads).replaceAll('<', '\\u003c')}) {
  const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
  if (href === ${framework} && link.relList?.supports?.('modulepreload')) frameworkFetched = new Promise((fetched) => { link.onload = link.onerror = fetched; });
  document.head.append(link);
}
await frameworkFetched;
`;
}

/**
 * The framework file's import, evaluated without `Error.stackTraceLimit`. React DOM creates errors
 * as its module runs (the ones it throws for Suspense later); Chromium records each one's stack in
 * detail, for which V8 parses the whole framework file again to find source positions: most of
 * the evaluation's 30-65 ms on this machine, 4-11 ms without (docs/measurements.md, "The
 * framework's evaluation"). The limit is taken away once the file is fetched, so only that
 * evaluation's errors go without a stack, and put back as it ends.
 */
function withoutErrorStacks(importCall: string): string {
  return `(() => {
  const limit = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
  if (limit) delete Error.stackTraceLimit;
  return ${importCall}.finally(() => { if (limit) Object.defineProperty(Error, 'stackTraceLimit', limit); });
})()`;
}

/** The head without its module preloads, and the preloaded files' URLs. */
export function takeModulePreloads(head: string): { head: string; preloads: string[] } {
  const preloads: string[] = [];
  const rest = head.replace(modulePreload, (tag) => {
    const url = href.exec(tag)?.[1];
    if (url) preloads.push(url.replaceAll('&amp;', '&'));
    return '';
  });
  return { head: rest, preloads };
}

/**
 * `script` is a script's opening tag and text (no closing tag). React Router's route-modules
 * script (it sets `window.__reactRouterRouteModules`) comes back deferred, with `preloads` added to
 * the document when its wait ends; any other script gives `null`.
 */
export function deferRouteModules(script: string, preloads: string[]): string | null {
  const open = /^<script\b[^>]*>/.exec(script)?.[0];
  if (!open || !/\stype="module"/.test(open) || !script.includes('window.__reactRouterRouteModules')) return null;
  const imports: Array<{ name?: string; specifier: string }> = [];
  const statements = script
    .slice(open.length)
    .replace(staticImport, (_line, name: string | undefined, specifier: string) => {
      imports.push({ name, specifier });
      return '';
    });
  if (!imports.length) return null;
  const names = imports.map((entry, index) => entry.name ?? `_sideEffect${index}`);
  const specifiers = imports.map((entry) => `import(${entry.specifier})`);
  // The first module (the framework with the root) is evaluated in a task of its own, the routes'
  // in the next: one evaluation of them all was the longest task of hydration (148 against 117 ms
  // with the CPU slowed 4×; docs/measurements.md, the runs under the Lighthouse table).
  const [firstName, ...restNames] = names;
  const [firstImport, ...restImports] = specifiers;
  const rest = restImports.length
    ? `await new Promise((next) => setTimeout(next, 0));\nconst [${restNames.join(', ')}] = await Promise.all([${restImports.join(', ')}]);\n`
    : '';
  const preload = preloads.length ? addPreloads(preloads, imports[0]!.specifier) : '';
  return `${open}${pageReady}\n${preload}const ${firstName} = await ${withoutErrorStacks(firstImport!)};\n${rest}${statements.trim()}`;
}
