import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

/**
 * One alias per root, as in tsconfig.base.json: `@/` → src/, `@domain/` → src/domain/,
 * `@workers/` → workers/, `@server/` → server/ (tests only). The API server runs separately;
 * `vite` proxies to it in development.
 */
const rootAt = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** API files that mock modules: isolated, so no mock leaks into the next file. */
const apiFilesThatMock = ['tests/api/article-paging.test.ts'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@domain': rootAt('./src/domain'),
      '@workers': rootAt('./workers'),
      '@server': rootAt('./server'),
      '@': rootAt('./src'),
    },
  },
  worker: { format: 'es' },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
  server: {
    proxy: {
      '/api': 'http://localhost:5000',
      '/oidc': 'http://localhost:5000',
      '/search': 'http://localhost:5000',
      '/config.json': 'http://localhost:5000',
    },
  },
  test: {
    // Two files at once: vitest's default on 2 cores is one worker, which leaves a core idle
    // while a file waits on a spawned server or PostgreSQL. Every API test makes its own
    // database and port, so files share no state.
    maxWorkers: Number(process.env['VITEST_MAX_WORKERS'] ?? 2),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Migrated databases the test servers start from (PGlite tarball, PostgreSQL template).
    globalSetup: ['tests/support/database-templates.ts'],
    // Four projects, one run (decision 0070). `shared` (pure code, in-process databases) and
    // `api` (whole servers over HTTP, each file its own database and port) mock nothing, stub
    // no global and change no environment: a worker keeps its imported modules from one file
    // to the next (`isolate: false`) instead of importing the domain, the engines, Fastify and
    // PGlite again for each file (the API files alone: 524 -> 400 s, 735 -> 530 CPU-s).
    // `dom` (mocks, jsdom, fake timers) and `api-mocks` keep a fresh module graph per file. A
    // file that starts to mock or stub belongs in one of those.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: [
            'src/domain/**/*.test.ts',
            'workers/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['src/app/**/*.test.ts', 'src/features/**/*.test.ts', 'src/ui/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: apiFilesThatMock,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'api-mocks', include: apiFilesThatMock } },
    ],
  },
});
