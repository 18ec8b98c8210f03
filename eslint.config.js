// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Layers (see ARCHITECTURE.md): domain imports nothing of ours; workers and server import domain only; the UI imports engine types only. */
const uiLayers = [
  '@/app/*',
  '@/features/*',
  '@/ui/*',
  '**/src/app/**',
  '**/src/features/**',
  '**/src/ui/**',
];
const serverLayer = ['@server/*', '**/server/**'];
const workerLayer = ['@workers/*', '**/workers/**'];

/** Boundaries inside the roots (issue 32), held on resolved paths, so aliases and relative imports alike. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const boundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: share through src/domain, src/ui or src/app.',
  })),
  {
    target: './src/ui',
    from: ['./src/app', './src/features'],
    message: 'src/ui imports src/domain only (the app and features import ui, not the reverse).',
  },
  {
    target: './src/features',
    from: './src/app/shell',
    message: 'A feature never imports the app shell.',
  },
  {
    target: './server/db',
    from: './server/search',
    message: 'server/db sits below server/search: it never imports it.',
  },
];
/** The app composes features in these files only (lazy screens and dialogs, the key catalogue). */
const appCompositionFiles = [
  'src/app/route-view.tsx',
  'src/app/shell/shell.tsx',
  'src/app/commands/command-catalogue.ts',
];
const appZone = {
  target: './src/app',
  from: './src/features',
  message: `src/app imports features only where it composes them: ${appCompositionFiles.join(', ')}.`,
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'node_modules',
      'data',
      'server/db/migrations',
      'test-results',
      'playwright-report',
      'tests/fixtures/lint-cycle',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Resolved through tsconfig.base.json's paths, so `@/`, `@domain/`, `@workers/` and
    // `@server/` count like relative imports. no-cycle follows value imports (a type-only
    // cycle is erased at build; scripts/import-cycles.test.ts counts those too, with madge).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse .ts/.tsx dependencies (no-cycle follows them), as import-x's typescript preset.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: './tsconfig.base.json' }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: appCompositionFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, appZone] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...uiLayers, ...serverLayer, ...workerLayer],
              message: 'src/domain imports nothing of ours.',
            },
            {
              group: ['react', 'react-dom', 'node:*', 'fs', 'path'],
              message: 'src/domain is pure: no DOM, no Node, no React.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['workers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...uiLayers, ...serverLayer, 'react', 'react-dom'],
              message: 'workers/ imports src/domain only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...uiLayers, ...workerLayer, 'react', 'react-dom'],
              message: 'server/ imports src/domain only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/**', 'src/**/*.test.ts', 'src/app/config.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...workerLayer],
              allowTypeImports: true,
              message: 'The UI imports the engine types only; call it through src/app/engine.ts.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message: 'The UI never calls fetch: the engine (workers/) owns every request.',
        },
      ],
    },
  },
  {
    // Every spec runs under the CSP-violation listener (issue 16): test and expect come from
    // tests/e2e/fixtures.ts, which re-exports the rest of @playwright/test.
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message:
                "Import from './fixtures' (it fails a test on any Content-Security-Policy violation).",
            },
          ],
        },
      ],
    },
  },
);
