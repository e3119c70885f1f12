// Lint rules for the whole repository, with the website's React rules (hooks, accessibility, keys),
// import boundaries, and type-aware promise rules for the website and the edge functions.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The website's layering (web/app), top to bottom; a layer imports only from layers below it:
 *
 *   routes/, root.tsx, entry.*.tsx       route modules, the document root, the server and client entries
 *   shell/  |  blocks/                   the app shell (header, footer, menus, error pages) and the
 *                                        page-builder blocks: both compose features, not each other
 *   features/<name>/                     one feature each; features do not import each other (what
 *                                        two share moves down, or is composed from above)
 *   components/ui/, components/admin/    components and hooks that know no feature (admin: the admin
 *                                        screens' shared table, dialog, fields, CSV and error words)
 *   lib/, config/                        clients, data access, helpers, settings
 *
 * Only routes import root.tsx (others read its data with lib/root-data.ts). No import cycles.
 */
const app = 'web/app';
const layering = 'See the layering at the top of eslint.config.js.';
const entries = [`${app}/routes`, `${app}/entry.server.tsx`, `${app}/entry.client.tsx`];
const features = readdirSync(join(import.meta.dirname, app, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaryZones = [
  {
    target: [`${app}/lib`, `${app}/config`],
    from: [...entries, `${app}/shell`, `${app}/blocks`, `${app}/features`, `${app}/components`],
    message: `lib and config import nothing above them. ${layering}`,
  },
  {
    target: `${app}/components/ui`,
    from: [...entries, `${app}/shell`, `${app}/blocks`, `${app}/features`],
    message: `components/ui imports no feature, block, shell or route. ${layering}`,
  },
  {
    target: `${app}/components/admin`,
    from: [...entries, `${app}/shell`, `${app}/blocks`, `${app}/features`],
    message: `components/admin imports no feature, block, shell or route. ${layering}`,
  },
  ...features.map((feature) => ({
    target: `${app}/features/${feature}`,
    from: `${app}/features`,
    except: [`./${feature}`],
    message: `Features do not import each other: move what they share down (components/ui, lib) or compose them from above. ${layering}`,
  })),
  {
    target: `${app}/features`,
    from: [...entries, `${app}/shell`, `${app}/blocks`],
    message: `Features import no block, shell or route. ${layering}`,
  },
  {
    target: `${app}/blocks`,
    from: [...entries, `${app}/shell`],
    message: `Blocks import no shell or route. ${layering}`,
  },
  {
    target: `${app}/shell`,
    from: [...entries, `${app}/blocks`],
    message: `The shell imports no block or route. ${layering}`,
  },
  {
    target: [`${app}/!(routes)/**`, `${app}/*.{ts,tsx}`],
    from: `${app}/root.tsx`,
    message: `Only routes import root.tsx; read the root's data with useRootData (lib/root-data.ts). ${layering}`,
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      '.data/**',
      '.tmp/**',
      'content/**',
      'studio/.sanity/**',
      '**/*.types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The Node-version guard is plain CommonJS so that any Node can run it (scripts/node-check.cjs).
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: [`${app}/**/*.{ts,tsx}`],
    ...reactHooks.configs.flat.recommended,
    // A missing effect dependency is a bug, not a style point.
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: [`${app}/**/*.tsx`],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // An index key gives a row's state to its neighbour when the list changes order or length.
    files: [`${app}/**/*.tsx`],
    plugins: { react },
    settings: { react: { version: '19' } },
    rules: { 'react/no-array-index-key': 'error' },
  },
  {
    // A promise nobody awaits loses its rejection; one passed where a void callback is expected
    // (an event handler, a timer) is never awaited. Type-aware, so only over the code that runs
    // in the browser, the server and the edge functions.
    files: [`${app}/**/*.{ts,tsx}`, 'supabase/functions/**/*.ts'],
    languageOptions: {
      parserOptions: {
        // The functions' Deno entries are outside tsconfig.json (they import Deno's globals).
        // Each is two lines (Deno.serve of its handler): a default project per entry stays cheap.
        projectService: {
          allowDefaultProject: ['supabase/functions/*/index.ts'],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 32,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: [`${app}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      // Which files the import rules parse to follow imports (without them no-cycle sees no TypeScript).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: join(import.meta.dirname, 'web/tsconfig.json') }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // domain/: the facts the website and the edge functions share (docs/architecture-domain.md).
    // Pure TypeScript that Node, Deno and the browser all load: it imports only its own modules
    // (relative, with their .ts extension) and zod; no I/O, nothing from the code that uses it.
    // Its tests run in vitest only.
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.test.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'domain',
              from: ['web', 'supabase', 'local', 'scripts', 'tests', 'studio', 'schemas'],
              message: 'domain/ imports nothing from the code that uses it: move what it needs into domain/.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.{1,2}/|zod$)',
              message: 'domain/ imports only its own modules and zod (no I/O, nothing platform-specific).',
            },
            { regex: '^\\.{1,2}/.*(?<!\\.ts)$', message: 'Import with the .ts extension: Deno needs it.' },
          ],
        },
      ],
    },
  },
);
