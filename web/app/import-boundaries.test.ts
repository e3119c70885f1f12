/**
 * The layering in eslint.config.js is enforced: lint sample code as if it were a file in each
 * layer, and every forbidden import direction, an import cycle and a broken hooks rule must be
 * reported, while the permitted directions stay clean.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The messages of `rule` for `code` linted as the file at `filePath` (from the repository root). */
async function reports(filePath: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
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
