/**
 * What the server changes in every rendered document after React: in the <head>, the page's
 * stylesheets inlined (inline-stylesheets.server.ts) and the icon and manifest links added; the
 * hydration JavaScript started once the page is on screen (deferred-hydration.server.ts). The
 * browser needs none of it from React, so none of it costs the JavaScript bundle anything.
 */
import { join, sep } from 'node:path';
import type { Readable, TransformOptions, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ICON_LINK_TAGS } from '../../config/site-icons';
import { deferRouteModules, takeModulePreloads } from './deferred-hydration.server';
import { builtStylesheetReader, inlineStylesheets } from './inline-stylesheets.server';
import { regionRewriteStream } from './region-rewrite-stream.server';

/**
 * The client build beside the server build (build/server/** -> build/client). Under the Vite dev
 * server this module runs from its source folder: no such folder, so stylesheets stay links there.
 */
function clientBuildDir(): string {
  const here = fileURLToPath(import.meta.url);
  const serverDir = here.lastIndexOf(`${sep}server${sep}`);
  return serverDir < 0 ? join(here, '..', 'no-client-build') : join(here.slice(0, serverDir), 'client');
}

const readStylesheet = builtStylesheetReader(clientBuildDir());

/**
 * The stream React renders one document into (`writable`, given `options` such as `final`) and
 * the finished document (`readable`).
 */
export function finishedDocument(options: TransformOptions = {}): { writable: Writable; readable: Readable } {
  // The head's module preloads, added back by the route-modules script once hydration starts.
  let preloads: string[] = [];
  const head = regionRewriteStream(
    {
      end: '</head>',
      rewrite(text) {
        const taken = takeModulePreloads(inlineStylesheets(text, readStylesheet));
        preloads = taken.preloads;
        return `${taken.head}${ICON_LINK_TAGS}`;
      },
    },
    options,
  );
  const scripts = regionRewriteStream({
    start: '<script',
    end: '</script>',
    rewrite: (script) => deferRouteModules(script, preloads),
  });
  return { writable: head, readable: head.pipe(scripts) };
}
