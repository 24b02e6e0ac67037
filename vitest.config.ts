import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint.config.test.ts'],
          exclude: ['**/*.server.test.ts', '**/node_modules/**'],
          // eslint.config.test.ts type-checks its snippets: the first one loads the TypeScript projects.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.server.test.ts'],
          // One process shares one database (PGlite takes ~0.8 GB and seconds to create);
          // tests isolate themselves by data, not by new databases.
          pool: 'forks',
          maxWorkers: 1,
          isolate: false,
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
