/**
 * The browser build takes React Router's production files. Its package exports only its
 * development build (remix-run/react-router#14102, open), whose development warnings, with their
 * texts, are ~0.6 KiB gzip of every page's JavaScript (the 118 KiB budget, docs/web-server.md);
 * the production files next to it differ only in having those warnings turned off. The server
 * keeps the package as exported: its warnings go to the log, not to a visitor.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const packageDirectory = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

/** The package's entry points the app imports, and their production files. */
const productionFiles = {
  'react-router': join(packageDirectory, 'dist', 'production', 'index.mjs'),
  'react-router/dom': join(packageDirectory, 'dist', 'production', 'dom-export.mjs'),
};

export function reactRouterProductionPlugin(): Plugin {
  return {
    name: 'ascent:react-router-production',
    enforce: 'pre',
    // Vite's aliases are shared by the server's build; the resolver is asked per environment.
    applyToEnvironment: (environment) => environment.name === 'client' && environment.config.command === 'build',
    buildStart() {
      for (const file of Object.values(productionFiles)) {
        // A release that stops shipping them must not quietly bring the warnings back.
        if (!existsSync(file)) throw new Error(`React Router's production build is missing: ${file}`);
      }
    },
    resolveId(source) {
      return Object.hasOwn(productionFiles, source) ? productionFiles[source as keyof typeof productionFiles] : null;
    },
  };
}
