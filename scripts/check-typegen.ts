/**
 * Fails when a committed generated file is stale: regenerates the Sanity files (studio/schema.json,
 * web/app/lib/sanity/sanity.types.ts) into a scratch folder and the database types
 * (supabase/database.types.ts) from a scratch PostgreSQL, and compares. Usage: node scripts/check-typegen.ts.
 * Fix: npm run typegen.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { repoRoot } from '../local/env.ts';
import { DATABASE_TYPES_FILE, generateDatabaseTypes, type TypegenDatabase } from './typegen/database-types.ts';
import { freshSanityTypes } from './typegen/sanity-types.ts';

/** Committed generated file (absolute path) -> the text a fresh run produced. */
export type FreshOutputs = Record<string, string>;

/** Fresh Sanity and database outputs, generated concurrently (the database types in `into` when given). */
export async function generateFresh(into?: TypegenDatabase): Promise<FreshOutputs> {
  const tasks = [freshSanityTypes(), generateDatabaseTypes(undefined, into)] as const;
  // Every task finishes (and removes its scratch folder or PostgreSQL) before a failure is reported.
  await Promise.allSettled(tasks);
  const [sanity, database] = await Promise.all(tasks);
  return { ...sanity, [DATABASE_TYPES_FILE]: database };
}

/** Committed files that are missing or differ from the fresh output (paths relative to the repository). */
export function staleFiles(fresh: FreshOutputs): string[] {
  return Object.entries(fresh)
    .filter(([committed, text]) => !existsSync(committed) || readFileSync(committed, 'utf8') !== text)
    .map(([committed]) => relative(repoRoot, committed));
}

if (import.meta.main) {
  const started = performance.now();
  const stale = staleFiles(await generateFresh());
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (stale.length > 0) {
    console.error(`Stale generated files (run \`npm run typegen\` and commit):\n  ${stale.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(`Generated Sanity and database types are up to date (${seconds} s).`);
  }
}
