/**
 * `npm run typegen`: regenerates every generated type file, Sanity's (studio/schema.json,
 * web/app/lib/sanity/sanity.types.ts) and the database's (supabase/database.types.ts), concurrently.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { repoRoot } from '../local/env.ts';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from './typegen/database-types.ts';
import { SANITY_FILES, writeSanityTypes } from './typegen/sanity-types.ts';

const started = performance.now();
const tasks = [writeSanityTypes(), generateDatabaseTypes().then((types) => writeFileSync(DATABASE_TYPES_FILE, types))];
// Every task finishes (and removes its scratch PostgreSQL) before a failure is reported.
await Promise.allSettled(tasks);
await Promise.all(tasks);
const written = [...Object.values(SANITY_FILES), DATABASE_TYPES_FILE].map((file) => relative(repoRoot, file));
console.log(`Wrote ${written.join(', ')} (${((performance.now() - started) / 1000).toFixed(1)} s).`);
