import { defineConfig } from 'vitest/config';

/**
 * unit: modules tested beside their code; those that need PostgreSQL get a fresh database in one
 * embedded cluster that tests/support/unit-global-setup.ts starts for the run.
 * integration: unmodified supabase-js and @sanity/client against the whole local stack,
 * started once on free ports by tests/integration/global-setup.ts.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'domain/**/*.test.ts',
            'local/**/*.test.ts',
            'scripts/**/*.test.ts',
            'schemas/**/*.test.ts',
            'studio/*.test.ts',
            'supabase/**/*.test.ts',
            'tests/perf/**/*.test.ts',
            'web/app/**/*.test.ts',
            'web/server/**/*.test.ts',
            'web/vite/**/*.test.ts',
          ],
          globalSetup: ['tests/support/unit-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
