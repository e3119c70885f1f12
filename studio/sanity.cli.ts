/** Sanity CLI settings: project from the same env as the studio, and typegen (schema.json -> web types). */
import { defineCliConfig } from 'sanity/cli';
import { join } from 'node:path';
import { studioEnv } from './env.ts';
import { loadRootEnv } from './load-root-env.ts';

loadRootEnv();
const { projectId, dataset } = studioEnv();

/**
 * Where `sanity schema extract` and `sanity typegen generate` write. SANITY_TYPEGEN_OUT_DIR (absolute)
 * redirects both into a scratch folder: scripts/check-typegen.ts (through scripts/typegen/sanity-types.ts)
 * compares that output with the committed files.
 */
const outDir = process.env.SANITY_TYPEGEN_OUT_DIR;
export const typegenOutputs = {
  schema: outDir ? join(outDir, 'schema.json') : 'schema.json',
  generates: outDir ? join(outDir, 'sanity.types.ts') : '../web/app/lib/sanity/sanity.types.ts',
};

export default defineCliConfig({
  api: { projectId, dataset },
  // The built Studio's asset URLs start here: the local content lake serves it at /studio.
  project: { basePath: '/studio' },
  // The build carries its own copy of sanity (no module loading from Sanity's CDN): it runs offline.
  deployment: { autoUpdates: false },
  typegen: {
    path: '../web/app/**/*.{ts,tsx}',
    schema: typegenOutputs.schema,
    generates: typegenOutputs.generates,
    overloadClientMethods: true,
  },
});
