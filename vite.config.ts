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
    include: [
      'src/**/*.test.ts',
      'workers/**/*.test.ts',
      'server/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // Two files at once: vitest's default on 2 cores is one worker, which leaves a core idle
    // while a file waits on a spawned server or PostgreSQL. Every API test makes its own
    // database and port, so files share no state.
    maxWorkers: Number(process.env['VITEST_MAX_WORKERS'] ?? 2),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Migrated databases the test servers start from (PGlite tarball, PostgreSQL template).
    globalSetup: ['tests/support/database-templates.ts'],
  },
});
