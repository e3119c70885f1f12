/**
 * The layering in eslint.config.js is enforced: lint sample code as if it were a file in each
 * layer, and every forbidden import direction, an import cycle and a broken hooks rule must be
 * reported, while the permitted directions stay clean; the accessibility, key and promise rules
 * fire where they apply.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The repository's rules without the type-aware ones, which need a TypeScript program: fast. */
let eslint: ESLint;
/** The repository's rules as `npm run lint` runs them, for the type-aware promise rules. */
let typedEslint: ESLint;

/**
 * The project service types only files its tsconfig has on disk, so the type-aware samples are
 * linted under the names of real files (their text is the sample's; the files are not touched).
 */
const typedFile = {
  ts: 'web/app/lib/root-data.ts',
  tsx: 'web/app/root.tsx',
  functions: 'supabase/functions/_shared/http.ts',
};

const typeAwareRules = ['@typescript-eslint/no-floating-promises', '@typescript-eslint/no-misused-promises'];

beforeAll(async () => {
  eslint = new ESLint({
    cwd: repoRoot,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: Object.fromEntries(typeAwareRules.map((rule) => [rule, 'off'])),
    },
  });
  typedEslint = new ESLint({ cwd: repoRoot });
  // Each type-aware project builds its TypeScript program on first use: build both here, with
  // time for a busy machine, so no single test pays for it.
  await typedEslint.lintText('', { filePath: typedFile.ts });
  await typedEslint.lintText('', { filePath: typedFile.functions });
}, 240_000);

/** The messages of `rule` for `code` linted as the file at `filePath` (from the repository root). */
async function reports(filePath: string, code: string, rule: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === rule).map((message) => message.message);
}

const boundaries = 'import-x/no-restricted-paths';

/** [file the import is in, the import, what the report must say] */
const forbidden: [string, string, RegExp][] = [
  ['web/app/lib/sample.ts', `import { SearchButton } from '../features/search';`, /lib and config import nothing/],
  ['web/app/lib/sample.ts', `import { SmartLink } from '../components/ui/smart-link';`, /lib and config/],
  ['web/app/config/sample.ts', `import { NotFound } from '../shell/not-found';`, /lib and config/],
  ['web/app/config/sample.ts', `import { blocks } from '../blocks/registry';`, /lib and config/],
  ['web/app/lib/sample.ts', `import { loader } from '../routes/site-layout';`, /lib and config/],
  ['web/app/components/ui/sample.tsx', `import { SearchButton } from '../../features/search';`, /components\/ui/],
  ['web/app/components/ui/sample.tsx', `import { HeroBlock } from '../../blocks/hero';`, /components\/ui/],
  ['web/app/components/ui/sample.tsx', `import { NotFound } from '../../shell/not-found';`, /components\/ui/],
  ['web/app/components/ui/sample.tsx', `import CmsPage from '../../routes/cms-page';`, /components\/ui/],
  ['web/app/components/admin/sample.tsx', `import { SearchButton } from '../../features/search';`, /components\/admin/],
  ['web/app/components/admin/sample.tsx', `import CmsPage from '../../routes/cms-page';`, /components\/admin/],
  [
    'web/app/features/newsletter/sample.ts',
    `import { searchReducer } from '../search/search-results';`,
    /Features do not import each other/,
  ],
  [
    'web/app/features/search/sample.ts',
    `import { NewsletterForm } from '../newsletter/newsletter-form';`,
    /Features do not import each other/,
  ],
  ['web/app/features/search/sample.ts', `import { HeroBlock } from '../../blocks/hero';`, /Features import no block/],
  ['web/app/features/search/sample.ts', `import { NotFound } from '../../shell/not-found';`, /Features import no/],
  ['web/app/features/search/sample.ts', `import CmsPage from '../../routes/cms-page';`, /Features import no/],
  ['web/app/blocks/sample.tsx', `import { NotFound } from '../shell/not-found';`, /Blocks import no shell/],
  ['web/app/blocks/sample.tsx', `import CmsPage from '../routes/cms-page';`, /Blocks import no shell or route/],
  ['web/app/shell/sample.tsx', `import { HeroBlock } from '../blocks/hero';`, /The shell imports no block/],
  [
    'web/app/shell/sample.tsx',
    `import { loader } from '../routes/site-layout';`,
    /The shell imports no block or route/,
  ],
  // root.tsx, even for a type, from every layer but the routes.
  ['web/app/lib/sample.ts', `import type { loader } from '../root';`, /Only routes import root\.tsx/],
  ['web/app/components/ui/sample.ts', `import type { loader } from '../../root';`, /Only routes import root\.tsx/],
  ['web/app/features/search/sample.ts', `import type { loader } from '../../root';`, /Only routes import root\.tsx/],
  ['web/app/blocks/sample.tsx', `import type { loader } from '../root';`, /Only routes import root\.tsx/],
  ['web/app/shell/sample.tsx', `import type { loader } from '../root';`, /Only routes import root\.tsx/],
  ['web/app/entry.server.tsx', `import type { loader } from './root';`, /Only routes import root\.tsx/],
];

const permitted: [string, string][] = [
  ['web/app/routes/sample.tsx', `import { loader } from '../root';\nimport { NotFound } from '../shell/not-found';`],
  [
    'web/app/routes/sample.tsx',
    `import { blocks } from '../blocks/registry';\nimport { SearchButton } from '../features/search';`,
  ],
  [
    'web/app/shell/sample.tsx',
    `import { SearchButton } from '../features/search';\nimport { SmartLink } from '../components/ui/smart-link';`,
  ],
  [
    'web/app/blocks/sample.tsx',
    `import { JsonLd } from '../features/seo/json-ld-script';\nimport { useRootData } from '../lib/root-data';`,
  ],
  [
    'web/app/features/search/sample.ts',
    `import { searchReducer } from './search-results';\nimport { useModalDialog } from '../../components/ui/use-modal-dialog';`,
  ],
  [
    'web/app/components/ui/sample.ts',
    `import { imageUrl } from '../../lib/sanity/image';\nimport { HEADER_SCROLL_THRESHOLD_PX } from '../../config/shell';`,
  ],
  [
    'web/app/lib/sample.ts',
    `import { serverEnv } from '../config/env.server';\nimport { createSwrCache } from './cache';`,
  ],
];

describe('import boundaries', () => {
  it.each(forbidden)('%s: %s is reported', async (filePath, code, message) => {
    const found = await reports(filePath, code, boundaries);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it.each(permitted)('%s: %s is allowed', async (filePath, code) => {
    expect(await reports(filePath, code, boundaries)).toEqual([]);
  });
});

describe('domain/ (shared with the edge functions) imports only itself and zod', () => {
  it.each([
    [`import { slugify } from '../web/app/lib/slug.ts';`, boundaries, /domain\/ imports nothing from the code/],
    [`import { env } from '../supabase/functions/_shared/env.ts';`, boundaries, /domain\/ imports nothing from/],
    [`import { readFileSync } from 'node:fs';`, 'no-restricted-imports', /only its own modules and zod/],
    [`import { KES_PER_USD } from './money';`, 'no-restricted-imports', /the \.ts extension/],
  ])('%s is reported', async (code, rule, message) => {
    const found = await reports('domain/sample.ts', code, rule);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it('its own modules (with .ts) and zod are allowed', async () => {
    const code = `import { z } from 'zod';\nimport { KES_PER_USD } from './money.ts';\nexport const rate = z.literal(KES_PER_USD);`;
    const [result] = await eslint.lintText(code, { filePath: 'domain/sample.ts' });
    expect(result?.messages ?? []).toEqual([]);
  });
});

describe('import cycles', () => {
  it('an import that closes a cycle is reported', async () => {
    // meta.server.ts imports urls.server.ts: urls importing meta back closes the loop.
    const code = `import { pageMeta } from './meta.server';\nexport const build = pageMeta;`;
    const found = await reports('web/app/features/seo/urls.server.ts', code, 'import-x/no-cycle');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/cycle/i);
  });

  it('the same import from a module that nothing imports is fine', async () => {
    const code = `import { pageMeta } from './meta.server';\nexport const build = pageMeta;`;
    expect(await reports('web/app/features/seo/sample.server.ts', code, 'import-x/no-cycle')).toEqual([]);
  });
});

describe('React hooks rules', () => {
  it('a hook called conditionally is reported', async () => {
    const code = `import { useState } from 'react';\nexport function Sample({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n`;
    expect(await reports('web/app/shell/sample.tsx', code, 'react-hooks/rules-of-hooks')).toHaveLength(1);
  });

  it('a missing effect dependency is an error, not a warning', async () => {
    const code = `import { useEffect } from 'react';\nexport function Sample({ id }: { id: string }) {\n  useEffect(() => console.log(id), []);\n  return null;\n}\n`;
    const [result] = await eslint.lintText(code, { filePath: 'web/app/shell/sample.tsx' });
    const missing = result?.messages.filter((message) => message.ruleId === 'react-hooks/exhaustive-deps') ?? [];
    expect(missing.map((message) => message.severity)).toEqual([2]);
  });
});

describe('accessibility, keys and promises', () => {
  it('a click handler on a plain element, without a keyboard way, is reported (jsx-a11y)', async () => {
    const code = `export function Sample({ go }: { go: () => void }) {\n  return <div onClick={go}>Open</div>;\n}\n`;
    const found = await reports('web/app/shell/sample.tsx', code, 'jsx-a11y/click-events-have-key-events');
    expect(found).toHaveLength(1);
  });

  it('an array index as a key is reported', async () => {
    const code = `export function Sample({ names }: { names: string[] }) {\n  return <ul>{names.map((name, index) => <li key={index}>{name}</li>)}</ul>;\n}\n`;
    expect(await reports('web/app/shell/sample.tsx', code, 'react/no-array-index-key')).toHaveLength(1);
  });

  it('a promise nobody awaits is reported, one marked with void is not', async () => {
    const floating = `export async function save(): Promise<void> {}\nexport function run() {\n  save();\n}\n`;
    expect(await reports(typedFile.ts, floating, '@typescript-eslint/no-floating-promises', typedEslint)).toHaveLength(
      1,
    );
    const marked = floating.replace('  save();', '  void save();');
    expect(await reports(typedFile.ts, marked, '@typescript-eslint/no-floating-promises', typedEslint)).toEqual([]);
  });

  it('an async function given as an event handler is reported', async () => {
    const code = `export function Sample({ save }: { save: () => Promise<void> }) {\n  return <button type="button" onClick={save}>Save</button>;\n}\n`;
    expect(await reports(typedFile.tsx, code, '@typescript-eslint/no-misused-promises', typedEslint)).toHaveLength(1);
  });

  it('the edge functions get the promise rules too', async () => {
    const code = `async function send(): Promise<void> {}\nexport function handler() {\n  send();\n}\n`;
    const found = await reports(typedFile.functions, code, '@typescript-eslint/no-floating-promises', typedEslint);
    expect(found).toHaveLength(1);
  });
});
