import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import base from './playwright.config';

/**
 * Issue 30: IST A with SEARCH_URL pointing at IST B's embedded search service, on another
 * origin (another port), as a team moving to Azure AI Search would run it. A pushes its
 * documents to B and creates B's indexes with corsOptions for its own origin; the browser,
 * signed in on A, reads B's indexes across origins. Both are real servers (server/main.ts) on
 * PGlite: A on a fresh folder, B on a copy of the started database (decision 0069); Chromium
 * as in playwright.config.ts.
 *
 *   npx vite build --outDir /tmp/dist-x && E2E_STATIC_DIR=/tmp/dist-x E2E_PORT=5203 \
 *     E2E_SERVICE_PORT=5213 npx playwright test -c playwright.remote-search.config.ts
 */
const port = Number(process.env['E2E_PORT'] ?? 5191);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  ...base,
  testDir: 'tests/e2e-remote-search',
  outputDir: join(tmpdir(), `ist-e2e-remote-results-${port}`),
  use: { ...base.use, baseURL },
  workers: 1,
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], baseURL } }],
  // A and B (tests/e2e-remote-search/servers.ts): B from a started copy, then A.
  globalSetup: './tests/e2e-remote-search/servers.ts',
});
