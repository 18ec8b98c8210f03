// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
