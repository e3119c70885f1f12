/**
 * `npm run content:export [-- <folder>]`: writes the local content lake's dataset (the seed in
 * content/ plus the edits made in the local Studio) as NDJSON + images/, by default over content/
 * itself, ready to commit, to check with `npm run validate-content`, or to load into a hosted
 * project with `sanity dataset import`. Reads the lake's journal; the stack may be running.
 */
import { join, relative, resolve } from 'node:path';
import { exportDataset } from '../local/content-lake/export-dataset.ts';
import { loadConfig } from '../local/config.ts';
import { repoRoot } from '../local/env.ts';

const config = loadConfig();
const outDir = process.argv[2] ? resolve(process.cwd(), process.argv[2]) : undefined;
try {
  const report = await exportDataset({
    contentDir: join(repoRoot, 'content'),
    dataDir: join(config.dataDir, 'content-lake'),
    projectId: config.env.SANITY_PROJECT_ID,
    dataset: config.env.SANITY_DATASET,
    outDir,
  });
  console.log(
    `Wrote ${report.documents} published documents to ${relative(process.cwd(), report.file) || report.file}`,
  );
  console.log(report.changed.length ? `  edited locally: ${report.changed.join(', ')}` : '  no local edits');
  if (report.copiedAssets.length) console.log(`  copied: ${report.copiedAssets.join(', ')}`);
  console.log('  drafts are not exported (publish them first); check with: npm run validate-content');
} catch (error) {
  console.error(`✖ Export failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
