/**
 * The real schema and seed: `sanity schema validate` passes, and content/ passes the seed check with every
 * public route present and enough copy. (Fixture tests showing the check can fail: content-check/.)
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PATHS } from '../web/app/config/routes-table.ts';
import { formatProblem } from './content-check/problems.ts';
import { MIN_WORDS_PER_ROUTE, MIN_WORDS_TOTAL, validateContent, type ContentReport } from './content-check/validate.ts';

const root = resolve(import.meta.dirname, '..');
const studio = resolve(root, 'studio');

describe('schema', () => {
  it('passes `sanity schema validate`', { timeout: 120_000 }, async () => {
    const sanity = resolve(root, 'node_modules/sanity/bin/sanity');
    const { stdout } = await promisify(execFile)(process.execPath, [sanity, 'schema', 'validate'], {
      cwd: studio,
      env: { ...process.env, SANITY_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
    });
    expect(stdout).toMatch(/Errors:\s+0 errors/);
  });
});

describe('seed dataset in content/', () => {
  let report: ContentReport;
  beforeAll(async () => {
    report = await validateContent(resolve(root, 'content'));
  });

  it('has no errors', () => {
    expect(report.problems.filter((p) => p.level === 'error').map(formatProblem)).toEqual([]);
  });

  it('has a document for every public path of the route table', () => {
    expect(ROUTE_PATHS.filter((path) => !report.words.byRoute.has(path))).toEqual([]);
  });

  it(`has at least ${MIN_WORDS_PER_ROUTE} words of copy on every route and ${MIN_WORDS_TOTAL} in all`, () => {
    const thin = [...report.words.byRoute].filter(([, words]) => words < MIN_WORDS_PER_ROUTE);
    expect(thin).toEqual([]);
    expect(report.words.total).toBeGreaterThanOrEqual(MIN_WORDS_TOTAL);
  });
});
