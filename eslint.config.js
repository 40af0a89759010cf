// The conventions of STYLE.md that a machine can check: import boundaries, no import cycles, the
// server's module entries and no cycle between its modules, kebab-case file names,
// typescript-eslint and the rules of hooks. Formatting is Prettier's job
// (eslint-config-prettier switches off every rule that would fight it).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettierConfig from 'eslint-config-prettier';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importCycles from './eslint-rules/no-import-cycle.js';
import serverModules from './eslint-rules/server-modules.js';

const root = import.meta.dirname;
const sourceFiles = '**/*.{ts,tsx,js,mjs,cjs}';
const checkedFolders = ['src', 'server', 'tests', 'e2e', 'bench', 'scripts', 'eslint-rules'];

// Every folder under src/features is a feature; a new one is covered without touching this file.
const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaryZones = [
  {
    target: './server',
    from: './src',
    except: ['./domain'],
    message: 'The server imports only src/domain from the storefront.',
  },
  {
    // Packages resolve into node_modules: those are left to no-restricted-imports below.
    target: './src/domain',
    from: '.',
    except: ['./src/domain', './node_modules'],
    message: 'src/domain is pure: it imports only itself and zod.',
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move the shared piece to src/components, src/lib or src/domain.',
  })),
  {
    target: ['./src/components', './src/lib'],
    from: ['./src/features', './src/app', './src/payments'],
    message: 'Shared components and lib sit below features, payments and app.',
  },
  {
    target: ['./src/features', './src/payments'],
    from: './src/app',
    message: 'Features and payments never import the app shell.',
  },
  {
    target: './src/payments',
    from: './src/features',
    message: 'The payment dispatcher never imports a feature.',
  },
  {
    // The back office is a page of its own (backoffice/index.html): a shopper never loads its code.
    target: ['./src/app', './src/features', './src/components', './src/lib', './src/payments', './src/main.tsx'],
    from: ['./src/backoffice', './src/domain/backoffice'],
    message: 'The storefront never imports the back office (src/backoffice, src/domain/backoffice).',
  },
  {
    // The kit both apps share (the API client, error text, formatting, i18n set-up, dialog, fields, language
    // picker) lives in src/lib and src/components; the storefront's own pages, flows and shell stay out.
    target: './src/backoffice',
    from: ['./src/app', './src/features', './src/payments', './src/main.tsx'],
    message: 'The back office imports only itself, src/domain and the shared kit (src/lib, src/components), never the storefront’s app, features or payments.',
  },
];

export default defineConfig(
  {
    ignores: ['dist/', 'dist-server/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', '.tmp/', 'server/db/migrations/'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: [sourceFiles],
    plugins: { 'import-x': importX, 'check-file': checkFile, 'import-cycles': importCycles, 'server-modules': serverModules },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      // import-x's no-cycle skips type-only imports; this one follows them too (eslint-rules/).
      'import-cycles/no-import-cycle': 'error',
      // In server/: another module only through its index.ts, and no cycle between modules (eslint-rules/).
      'server-modules/public-entry': 'error',
      'server-modules/no-module-cycle': 'error',
      'check-file/filename-naming-convention': [
        'error',
        Object.fromEntries(checkedFolders.map((folder) => [`${folder}/**/*.{ts,tsx,js,mjs,cjs}`, 'KEBAB_CASE'])),
        // `order.service.ts`, `x.test.ts`: only the part before the first dot is a name.
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', Object.fromEntries(checkedFolders.map((folder) => [`${folder}/**/`, 'KEBAB_CASE']))],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/|$)|\\.{1,2}/)',
              message: 'src/domain is pure: no React, no node:*, no packages but zod.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  prettierConfig,
);
