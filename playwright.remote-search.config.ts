import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import base from './playwright.config';

/**
 * Issue 30: IST A with SEARCH_URL pointing at IST B's embedded search service, on another
 * origin (another port), as a team moving to Azure AI Search would run it. A pushes its
 * documents to B and creates B's indexes with corsOptions for its own origin; the browser,
 * signed in on A, reads B's indexes across origins. Both are real servers (server/main.ts) on
 * fresh PGlite folders; Chromium as in playwright.config.ts.
 *
 *   npx vite build --outDir /tmp/dist-x && E2E_STATIC_DIR=/tmp/dist-x E2E_PORT=5203 \
 *     E2E_SERVICE_PORT=5213 npx playwright test -c playwright.remote-search.config.ts
 */
const port = Number(process.env['E2E_PORT'] ?? 5191);
const servicePort = Number(process.env['E2E_SERVICE_PORT'] ?? 5192);
const baseURL = `http://localhost:${port}`;
const serviceUrl = `http://localhost:${servicePort}`;
const dataDir = join(tmpdir(), `ist-e2e-remote-${port}-${process.pid}`);
/** The embedded service's default keys: B runs with them, A is given them for B. */
const adminKey = 'ist-embedded-search-key';
const queryKey = 'ist-embedded-search-query-key';

export default defineConfig({
  ...base,
  testDir: 'tests/e2e-remote-search',
  outputDir: join(tmpdir(), `ist-e2e-remote-results-${port}`),
  use: { ...base.use, baseURL },
  workers: 1,
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], baseURL } }],
  webServer: [
    {
      // B: a search service only (SEARCH_RECONCILE=off: its documents' articles are A's).
      command: 'node --import tsx server/main.ts',
      url: `${serviceUrl}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(servicePort),
        HOST: '127.0.0.1',
        PUBLIC_URL: serviceUrl,
        DATA_DIR: join(dataDir, 'service'),
        DATABASE_URL: '',
        SEED_ARTICLES: '0',
        SEED_ACTIVITIES: '0',
        SEARCH_RECONCILE: 'off',
        // Its article searches answered from memory while A's 29,000 locations are written.
        SEARCH_ENGINE: 'memory',
        STATIC_DIR: join(dataDir, 'no-spa'),
        LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
      },
    },
    {
      // A: the IST the analyst signs in to, its search at B.
      command: 'node --import tsx server/main.ts',
      url: `${baseURL}/config.json`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: join(dataDir, 'ist'),
        DATABASE_URL: '',
        SEED_ARTICLES: '300',
        SEED_ACTIVITIES: '20',
        SEARCH_URL: `${serviceUrl}/search`,
        SEARCH_API_KEY: adminKey,
        SEARCH_QUERY_KEY: queryKey,
        IST_ENVIRONMENT: 'e2e',
        LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
        STATIC_DIR: process.env['E2E_STATIC_DIR'] ?? 'dist',
      },
    },
  ],
});
