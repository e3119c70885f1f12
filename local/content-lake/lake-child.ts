/**
 * Test helper run as a child process (journal.test.ts): a content lake on a free port over the
 * folders given as arguments, printing its URL, journal and token as one JSON line, until it is killed.
 * Usage: node lake-child.ts <contentDir> <dataDir>
 */
import { startContentLake } from './index.ts';
import { dataset, projectId } from './test-lake.ts';

const [contentDir, dataDir] = process.argv.slice(2);
if (!contentDir || !dataDir) throw new Error('usage: node lake-child.ts <contentDir> <dataDir>');
const lake = await startContentLake({
  port: 0,
  contentDir,
  dataDir,
  projectId,
  dataset,
  onLog: (line) => console.error(line),
});
console.log(JSON.stringify({ url: lake.url, journal: lake.journalPath, token: lake.token }));
