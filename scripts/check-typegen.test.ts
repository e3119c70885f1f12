/**
 * The typegen check: the committed generated files match a fresh run, and an edited migration, an
 * edited Sanity schema or a hand-edited generated file each make it report the stale files.
 */
import {
  appendFileSync,
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../local/env.ts';
import { freshDatabase, type FreshDatabase } from '../tests/support/shared-postgres.ts';
import { migrationsDir } from '../local/postgres/migrate.ts';
import { generateFresh, staleFiles, type FreshOutputs } from './check-typegen.ts';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from './typegen/database-types.ts';
import { SANITY_FILES, STUDIO_DIR, freshSanityTypes } from './typegen/sanity-types.ts';

const scratch: string[] = [];
const databases: FreshDatabase[] = [];

/** supabase/migrations plus one migration that adds a column. */
function editedMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'typegen-migrations-'));
  scratch.push(dir);
  cpSync(migrationsDir, dir, { recursive: true });
  writeFileSync(
    join(dir, '99991231000000_typegen_probe.sql'),
    'alter table public.events add column typegen_probe text;\n',
  );
  return dir;
}

/**
 * A copy of the studio and its schemas with one more document type. Inside the repository, so that
 * the copy resolves the repository's node_modules; web/ is linked so typegen finds the same queries.
 */
function editedStudio(): string {
  mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(repoRoot, '.tmp', 'typegen-schema-edit-'));
  scratch.push(dir);
  const skip = new Set(['node_modules', 'dist', '.sanity']);
  cpSync(STUDIO_DIR, join(dir, 'studio'), { recursive: true, filter: (source) => !skip.has(basename(source)) });
  cpSync(join(repoRoot, 'schemas'), join(dir, 'schemas'), { recursive: true });
  for (const file of ['.env.example', 'tsconfig.json']) copyFileSync(join(repoRoot, file), join(dir, file));
  symlinkSync(join(repoRoot, 'web'), join(dir, 'web'), 'dir');
  // The Studio's scheduled publishing shares domain/dates.ts and the schedule document's shape.
  for (const shared of ['domain', 'supabase']) symlinkSync(join(repoRoot, shared), join(dir, shared), 'dir');
  appendFileSync(
    join(dir, 'schemas', 'index.ts'),
    "\nschemaTypes.push({ name: 'typegenProbe', title: 'Probe', type: 'document', fields: [{ name: 'title', type: 'string' }] } as never);\n",
  );
  return join(dir, 'studio');
}

describe('check-typegen', () => {
  let fresh: FreshOutputs = {};
  let afterMigrationEdit = '';
  let afterSchemaEdit: FreshOutputs = {};

  beforeAll(async () => {
    const [committed, edited] = await Promise.all([freshDatabase(), freshDatabase()]);
    databases.push(committed, edited);
    const tasks = [
      generateFresh(committed),
      generateDatabaseTypes(editedMigrations(), edited),
      freshSanityTypes(editedStudio()),
    ] as const;
    // All finish (and clean up after themselves) before a failure fails the suite.
    await Promise.allSettled(tasks);
    [fresh, afterMigrationEdit, afterSchemaEdit] = await Promise.all(tasks);
  }, 180_000);

  afterAll(async () => {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
    for (const database of databases) await database.drop();
  });

  it('finds the committed Sanity and database types up to date', () => {
    expect(Object.keys(fresh).sort()).toEqual([...Object.values(SANITY_FILES), DATABASE_TYPES_FILE].sort());
    expect(staleFiles(fresh)).toEqual([]);
  });

  it('reports the database types stale once a migration adds a column', () => {
    expect(afterMigrationEdit).toContain('typegen_probe: string | null');
    expect(staleFiles({ ...fresh, [DATABASE_TYPES_FILE]: afterMigrationEdit })).toEqual(['supabase/database.types.ts']);
  });

  it('reports schema.json and sanity.types.ts stale once a Sanity schema gains a document type', () => {
    expect(afterSchemaEdit[SANITY_FILES['sanity.types.ts']]).toContain('export type TypegenProbe = {');
    expect(staleFiles({ ...fresh, ...afterSchemaEdit })).toEqual([
      'studio/schema.json',
      'web/app/lib/sanity/sanity.types.ts',
    ]);
  });

  it('reports a hand-edited or missing generated file as stale', () => {
    const dir = mkdtempSync(join(tmpdir(), 'typegen-copies-'));
    scratch.push(dir);
    const copy = join(dir, 'database.types.ts');
    copyFileSync(DATABASE_TYPES_FILE, copy);
    const freshText = fresh[DATABASE_TYPES_FILE]!;
    expect(staleFiles({ [copy]: freshText })).toEqual([]);
    appendFileSync(copy, 'export type HandWritten = string;\n');
    expect(staleFiles({ [copy]: freshText })).toHaveLength(1);
    expect(staleFiles({ [join(dir, 'gone.ts')]: freshText })).toHaveLength(1);
  });
});
