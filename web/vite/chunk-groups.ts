/**
 * How the browser build groups modules into files (the 118 KiB JavaScript budget, docs/web-server.md). Each file a
 * page loads is compressed on its own, so code that always loads together compresses better as
 * one file than as rolldown's default split by importer:
 * - `framework`: React, React DOM, React Router and the root route, which every page loads.
 * - `site`: what the public site's layout statically needs besides (the maintenance page loads
 *   only the root, and stays small), and what CMS pages share with the layout's other routes
 *   (such as the not-found page): one file, not a small shared one each.
 * - `cms`: what only CMS pages need besides (the block registry): the other routes in the layout
 *   (program pages, cart, checkout) do not load it.
 * - the blocks that render in the browser (app/blocks/browser-blocks.ts) are one lazy file each,
 *   with what only that block needs among them; what several of them share goes into `cms`, or into `site` when another route
 *   needs it too, rather than into small files of its own.
 * - `footer`: the footer (the layout loads it lazily) with what only it needs among the routes,
 *   including what it shares with its own lazy code (the newsletter's messages, which the sign-up
 *   code and /account's sign-up load too): one file, not a small shared one that the footer's
 *   import in every page's layout would have to list.
 * - `motion-page`, `motion-features`, `motion`: the page transition's lazy animation code, its
 *   component's, its features' and what both share. Named rather than left to rolldown, because
 *   preview mode's overlay (loaded only there) uses the same framer-motion modules: left alone,
 *   rolldown splits them by importer into more lazy files, each one more name in the layout's
 *   import lists on every public page. Grouped, the overlay imports from these files instead.
 * Other lazy modules (search dialog, lightbox, toasts, supabase-js, the preview overlay) keep their own chunks.
 * The client entry (app/entry.client.tsx) stays out of every group: its top level starts
 * hydration, which reads the route modules the document's module script registers, so it must
 * run from its own file, which that script imports last, and never as a side effect of loading
 * `framework` (where what it calls lives: lib/hydrate-document.tsx).
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** Rolldown's chunking context; its getModuleInfo must be called as a method. */
type Graph = Rolldown.ChunkingContext;

const framework = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/;
/** The proof-of-work wrapper the anonymous forms import, and the constants it shares with the server. */
const proofOfWork = /[\\/](lib[\\/]proof-of-work[\\/]with-proof|domain[\\/]proof-of-work)\.ts$/;
/** Rolldown's helpers (CommonJS interop for React): every page needs them, in their own file otherwise. */
const bundlerRuntime = 'rolldown/runtime';

/** React Router's client build enters each route module through this id. */
const routeEntryId = (appDirectory: string, file: string) =>
  `${join(appDirectory, file)}?__react-router-build-client-route`;

/** Every module the given ones reach through static imports, themselves included. */
function staticallyReachable(from: string[], graph: Graph): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

function chunkGroups(appDirectory: string): Rolldown.CodeSplittingOptions {
  const rootEntry = routeEntryId(appDirectory, 'root.tsx');
  const clientEntry = join(appDirectory, 'entry.client.tsx');
  const layoutEntry = routeEntryId(appDirectory, 'routes/site-layout.tsx');
  const cmsEntry = routeEntryId(appDirectory, 'routes/cms-page.tsx');
  const browserBlocks = join(appDirectory, 'blocks', 'browser-blocks.ts');
  const siteFooter = join(appDirectory, 'shell', 'site-footer.tsx');
  const motionPage = join(appDirectory, 'shell', 'motion-page.tsx');
  const motionFeatures = join(appDirectory, 'shell', 'motion-features.ts');
  const otherRoutes = readdirSync(join(appDirectory, 'routes'))
    .filter((file) => /\.tsx?$/.test(file) && !['site-layout.tsx', 'cms-page.tsx'].includes(file))
    .map((file) => routeEntryId(appDirectory, join('routes', file)));
  let groups:
    | {
        everyPage: Set<string>;
        site: Set<string>;
        cms: Set<string>;
        footer: Set<string>;
        blocks: Map<string, string>;
        motion: Map<string, string>;
      }
    | undefined;
  const groupOf = (id: string, graph: Graph) => {
    if (!groups) {
      const everyPage = staticallyReachable([rootEntry, clientEntry], graph);
      everyPage.delete(clientEntry);
      const elsewhere = staticallyReachable(otherRoutes, graph);
      const forCms = staticallyReachable([cmsEntry], graph);
      const shared = [...forCms].filter((module) => elsewhere.has(module));
      const site = new Set(
        [...staticallyReachable([layoutEntry], graph), ...shared].filter((module) => !everyPage.has(module)),
      );
      const cms = new Set([...forCms].filter((module) => !everyPage.has(module) && !site.has(module)));
      // The browser blocks: one file each, with what only that block needs among them; what several
      // share goes with the CMS page, or with the site when another route needs it too.
      const blockOf = new Map<string, string | null>();
      for (const block of graph.getModuleInfo(browserBlocks)?.dynamicallyImportedIds ?? []) {
        const name = basename(block).replace(/\.tsx?$/, '');
        for (const module of staticallyReachable([block], graph)) {
          if (everyPage.has(module) || site.has(module) || cms.has(module)) continue;
          blockOf.set(module, blockOf.has(module) ? null : name);
        }
      }
      const blocks = new Map<string, string>();
      for (const [module, name] of blockOf) {
        // A block's own module another route needs too (Add to cart, on program pages) keeps a file of its own.
        if (name) {
          if (!elsewhere.has(module)) blocks.set(module, name);
        } else (elsewhere.has(module) ? site : cms).add(module);
      }
      const footer = new Set(
        [...staticallyReachable([siteFooter], graph)].filter(
          (module) => !everyPage.has(module) && !site.has(module) && !cms.has(module) && !elsewhere.has(module),
        ),
      );
      // The page transition's animation code: what only its component needs, what only its
      // features need, and what both share (framer-motion's core), whoever else imports them.
      const grouped = (module: string) =>
        everyPage.has(module) || site.has(module) || cms.has(module) || footer.has(module) || blocks.has(module);
      const forPage = staticallyReachable([motionPage], graph);
      const forFeatures = staticallyReachable([motionFeatures], graph);
      const motion = new Map<string, string>();
      for (const module of [...forPage, ...forFeatures]) {
        if (grouped(module)) continue;
        const name = !forFeatures.has(module) ? 'motion-page' : !forPage.has(module) ? 'motion-features' : 'motion';
        motion.set(module, name);
      }
      groups = { everyPage, site, cms, footer, blocks, motion };
    }
    if (id === clientEntry) return null;
    if (framework.test(id) || id.includes(bundlerRuntime) || groups.everyPage.has(id)) return 'framework';
    if (groups.site.has(id)) return 'site';
    if (groups.footer.has(id)) return 'footer';
    const motion = groups.motion.get(id);
    if (motion) return motion;
    // The proof-of-work wrapper and its shared constants always load together: one file, one
    // entry in each form's preload list instead of two (a short name: the lists sit in every page).
    if (proofOfWork.test(id)) return 'pow';
    return groups.cms.has(id) ? 'cms' : (groups.blocks.get(id) ?? null);
  };
  return {
    groups: [
      {
        name: groupOf,
        // Without this, the root's modules that the site imports would be pulled into `site`.
        includeDependenciesRecursively: false,
      },
    ],
  };
}

/** Applies the groups to the browser build (the server build is one file per route). */
export function chunkGroupsPlugin(appDirectory: string): Plugin {
  return {
    name: 'ascent:chunk-groups',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rollupOptions: {
            // Route modules keep their exports; grouping may add some (React Router sets exports-only).
            preserveEntrySignatures: 'allow-extension',
            output: { codeSplitting: chunkGroups(appDirectory) },
          },
        },
      };
    },
  };
}
