/**
 * A dynamic import preloads no stylesheet its importer already has (docs/web-server.md, "No
 * stylesheet request before the first paint").
 *
 * With each dynamic import Vite lists the stylesheets of every chunk the imported one needs,
 * including the importer's own static dependencies, and its preload helper skips a stylesheet only
 * when the page has a `<link rel="stylesheet">` with exactly its URL. The server inlines the page's
 * stylesheets and keeps their links, disabled (app/lib/document-head/inline-stylesheets.server.ts),
 * but React Router writes a route stylesheet that a dynamic import also needs with `#` appended
 * (its link, removed when the route is left, must not stand in for the lazy code's). So a lazy
 * block's chunk, which needs the site layout's chunk, fetched `site-layout-*.css` again after the
 * page had loaded, though it was inline.
 *
 * The stylesheets of the importer's static dependencies (the importer's own included) are on the
 * page whenever the importer runs: for a route module they are the route's stylesheets in React
 * Router's manifest, which the server inlines, or links after a client-side navigation; for a
 * lazily loaded chunk they were preloaded with it. So they are dropped from the importer's preload
 * lists, here, after Vite has written them; what only the imported chunk needs stays.
 */
import type { Plugin, Rolldown } from 'vite';

/** Vite's preload list of a chunk, as its import analysis writes it at the top of the chunk. */
const preloadList =
  /const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>i\.map\(i=>d\[i\]\);/;
/** One dynamic import's dependencies: indices into the list. */
const preloadCall = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

/** What the build says of a chunk: the chunks it imports statically, and its own stylesheets. */
export type ChunkStylesheets = { imports: readonly string[]; css: Iterable<string> };

/** The stylesheets of `file` and of every chunk it reaches through static imports. */
export function staticStylesheets(file: string, chunks: ReadonlyMap<string, ChunkStylesheets>): Set<string> {
  const stylesheets = new Set<string>();
  const seen = new Set<string>();
  const queue = [file];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const chunk = chunks.get(next);
    if (seen.has(next) || !chunk) continue;
    seen.add(next);
    for (const css of chunk.css) stylesheets.add(css);
    queue.push(...chunk.imports);
  }
  return stylesheets;
}

/**
 * `code` with `present` taken out of every preload list (file names as Vite writes them, relative
 * to the base), the list renumbered; unchanged when none is listed.
 */
export function withoutPreloadedStylesheets(code: string, present: ReadonlySet<string>): string {
  const list = preloadList.exec(code);
  if (!list) return code;
  const files = JSON.parse(list[1]!) as string[];
  const dropped = (index: number) => present.has(files[index]!);
  if (!files.some((_, index) => dropped(index))) return code;
  const calls = [...code.matchAll(preloadCall)].map((call) =>
    call[1]!
      .split(',')
      .filter(Boolean)
      .map(Number)
      .filter((index) => !dropped(index)),
  );
  const kept = [...new Set(calls.flat())].sort((a, b) => a - b);
  const renumbered = new Map(kept.map((index, position) => [index, position]));
  let call = 0;
  return code
    .replace(preloadCall, () => `__vite__mapDeps([${calls[call++]!.map((index) => renumbered.get(index)).join(',')}])`)
    .replace(list[1]!, () => JSON.stringify(kept.map((index) => files[index])));
}

/**
 * Applies the rule above to the browser build's chunks, once Vite has written their preload lists
 * (the build writes no source maps, which this would leave behind).
 */
export function importerStylesheetsPlugin(): Plugin {
  return {
    name: 'ascent:importer-stylesheets',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map<string, ChunkStylesheets>();
        const outputChunks: Rolldown.OutputChunk[] = [];
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          outputChunks.push(output);
          chunks.set(output.fileName, { imports: output.imports, css: output.viteMetadata?.importedCss ?? [] });
        }
        for (const chunk of outputChunks) {
          if (!chunk.code.includes('__vite__mapDeps')) continue;
          chunk.code = withoutPreloadedStylesheets(chunk.code, staticStylesheets(chunk.fileName, chunks));
        }
      },
    },
  };
}
