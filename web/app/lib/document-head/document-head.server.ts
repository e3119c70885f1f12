/**
 * What the server changes in every rendered document's <head> after React: the page's
 * stylesheets inlined (inline-stylesheets.server.ts), the module preloads at low priority
 * (script-priority.server.ts), and the icon and manifest links added, which the browser never
 * needs from React, so none of it costs the JavaScript bundle anything.
 */
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ICON_LINK_TAGS } from '../../config/site-icons';
import { builtStylesheetReader, inlineStylesheets } from './inline-stylesheets.server';
import { lowerModulePreloadPriority } from './script-priority.server';

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

export function rewriteDocumentHead(head: string): string {
  return `${lowerModulePreloadPriority(inlineStylesheets(head, readStylesheet))}${ICON_LINK_TAGS}`;
}
