/**
 * Checks the seed dataset in content/ (or the folder given): schema validation, references, slugs, unknown
 * types, image files and word counts. Usage: node scripts/validate-content.ts [dir]. Exits 1 on any error.
 */
import { resolve } from 'node:path';
import { formatProblem } from './content-check/problems.ts';
import { MIN_WORDS_PER_ROUTE, MIN_WORDS_TOTAL, validateContent } from './content-check/validate.ts';

const dir = resolve(import.meta.dirname, '..', process.argv[2] ?? 'content');
const started = performance.now();
const report = await validateContent(dir);

for (const problem of report.problems.toSorted((a, b) => (a.level === b.level ? 0 : a.level === 'error' ? -1 : 1))) {
  console.log(formatProblem(problem));
}
const thin = [...report.words.byRoute].filter(([, words]) => words < MIN_WORDS_PER_ROUTE).length;
console.log(
  `\n${report.documentCount} documents in ${dir}; ${report.words.total} words (minimum ${MIN_WORDS_TOTAL}); ` +
    `${report.words.byRoute.size} routes found, ${thin} under ${MIN_WORDS_PER_ROUTE} words; ` +
    `${report.errorCount} errors, ${report.problems.length - report.errorCount} warnings ` +
    `(${Math.round(performance.now() - started)} ms)`,
);
process.exitCode = report.errorCount > 0 ? 1 : 0;
