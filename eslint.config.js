import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The boundaries between parts of the code, as import rules (eslint.config.test.ts shows each one at work).
// no-restricted-imports takes one set of options per file: a later block replaces an earlier one's, so
// each block below lists every restriction of its files.

/** The web app never imports server code. */
const webNeverImportsServer = {
  regex: '^@quackquest/server(/|$)|(^|/)apps/server(/|$)|(^|/)server/src(/|$)',
  message: 'The web app never imports server code: share it through packages/contract.',
};
/** The contract's root builds zod schemas at import time (decision 006); its types are erased, so allowed. */
const webOnlyTypesFromContractRoot = {
  name: '@quackquest/contract',
  allowTypeImports: true,
  message: "The contract's root pulls zod into the web app: import values from '@quackquest/contract/core'.",
};

/** The visitor app never imports the operator console: its first screen stays within budget (decision 006). */
const visitorNeverImportsConsole = {
  regex: '(^|/)console(/|$)',
  message: 'The visitor app never imports the console (apps/web/src/console/): share it through components/ or lib/.',
};
/**
 * The console (its own entry, console.html) imports its own folder, components/, lib/ and the scanner
 * feature (the visitor app's QR scanner, reused to scan vouchers): never the visitor's routes, layout or
 * other features, which would tie the two apps' screens together.
 */
const consoleImportsOnlyShared = {
  regex: '(^|/)(app|routes)/|(^|/)features/(?!scanner/)',
  message: 'The console imports only components/, lib/ and features/scanner/ of the visitor app.',
};

/** The features of the web app never import each other: what two need goes to components/ or lib/. */
const featuresDir = path.join(import.meta.dirname, 'apps/web/src/features');
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [webOnlyTypesFromContractRoot],
        patterns: [
          webNeverImportsServer,
          visitorNeverImportsConsole,
          {
            // '../other/x' from this feature's folder, or any path through 'features/other/'.
            regex: `^\\.\\./(?!\\.\\./|${feature}/)|(^|/)features/(?!${feature}/)`,
            message: `Features never import each other: move what "${feature}" needs from another feature to components/ or lib/.`,
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.test-build/**',
      'data/**',
      '**/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'apps/web/src/locales/**/*.ts',
    ],
  }, // locales: compiled by lingui
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Root files (the configs, eslint.config.test.ts) belong to no package: typed with the base options.
        projectService: { allowDefaultProject: ['*.ts', '*.js'], defaultProject: 'tsconfig.base.json' },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': 'error',
      // Fastify plugins are async functions that often only register routes.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [webOnlyTypesFromContractRoot], patterns: [webNeverImportsServer, visitorNeverImportsConsole] },
      ],
    },
  },
  ...featureZones,
  {
    files: ['apps/web/src/console/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [webOnlyTypesFromContractRoot], patterns: [webNeverImportsServer, consoleImportsOnlyShared] },
      ],
    },
  },
  {
    // Domain code never imports the HTTP layer: it throws DomainError, which http/errors.ts maps to a status.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/http/**', 'apps/server/src/app.ts', 'apps/server/src/server.ts', 'apps/server/src/**/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.{1,2}/)+http(/|$)',
              message: 'Domain code never imports http/: throw a DomainError (domain/errors.ts) instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // ops/ is the operator CLI's face: it reads the command line and prints, calling the domains' services.
    // The server's own code never imports it (apps/server/README.md); what two faces share lives in a domain.
    // Tests may: a test drives the CLI to show that it keeps the same rule as the console. A rule of its own
    // (typescript-eslint's twin of no-restricted-imports), so that the http/ zone above keeps its options.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/ops/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.{1,2}/)+ops(/|$)',
              message: 'Only the CLI (ops/) imports ops/: move what the server needs out of ops/ into its domain.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server tests share one PostgreSQL database. An app built directly serves the mail queue's default channel,
    // so another test process's such app could send its e-mail (and a test wait for it in vain): buildTestApp
    // (test/auth.ts) gives each app a channel of its own. The ops/ rule above leaves tests out, so this one is free.
    files: ['apps/server/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.{1,2}/)+app$',
              importNames: ['buildApp'],
              message: 'A test builds its app with buildTestApp (test/auth.ts): its own mail channel on the shared database.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
