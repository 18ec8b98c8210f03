import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * End-to-end tests in Debian's Chromium (npx playwright install cannot work here), against the
 * real server on its embedded defaults: PGlite in a fresh folder, the embedded OpenID provider,
 * demo data. Nothing of ours is mocked.
 *
 * Two servers, two projects (issue 32: the suite on one worker was 12 minutes): the activity
 * specs run against one server while the article specs run against the other, each project one
 * file at a time, so no spec meets another's changes to the shared demo data. E2E_SERVERS=1
 * (a single spec, say) starts one server and runs every spec against it, as before.
 */
const port = Number(process.env['E2E_PORT'] ?? 5190);
const twoServers = process.env['E2E_SERVERS'] !== '1';
// A fresh data folder per run: the "fresh start" the foundation issue asks to show.
const dataDir = process.env['E2E_DATA_DIR'] ?? join(tmpdir(), `ist-e2e-${port}-${process.pid}`);

/** The specs of the activities server; every other spec runs on the articles server. */
const activitySpecs = [
  'accessibility-entries',
  'activity-details',
  'activity-dialogs',
  'activity-index',
  'analyst-keys',
  'details-cell-keys',
  'details-spec-items',
  'entries-keyboard',
  'location-history-virtual',
  'location-search',
  'map',
  'one-cumulative',
  'screens-1280',
].map((name) => `**/${name}.spec.ts`);

const origin = (serverPort: number) => `http://localhost:${serverPort}`;

/** One real server (`npm start` without the build step) on `serverPort`, seeded alike. */
const server = (serverPort: number, folder: string) => ({
  command: 'node --import tsx server/main.ts',
  url: `${origin(serverPort)}/config.json`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  env: {
    PORT: String(serverPort),
    PUBLIC_URL: origin(serverPort),
    DATA_DIR: folder,
    // Always the embedded database, even where the shell sets DATABASE_URL for the API tests.
    DATABASE_URL: '',
    SEED_ARTICLES: '2000',
    SEED_ACTIVITIES: '120',
    IST_ENVIRONMENT: 'e2e',
    IST_VERSION: '0.1.0',
    IST_BUILD_NUMBER: 'e2e-build',
    LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
    // Lets parallel runs use their own build (vite build --outDir …).
    STATIC_DIR: process.env['E2E_STATIC_DIR'] ?? 'dist',
  },
});

const chrome = devices['Desktop Chrome'];

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: twoServers ? 2 : 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: origin(port),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: twoServers
    ? [
        {
          name: 'articles',
          testIgnore: activitySpecs,
          workers: 1,
          use: { ...chrome, baseURL: origin(port) },
        },
        {
          name: 'activities',
          testMatch: activitySpecs,
          workers: 1,
          use: { ...chrome, baseURL: origin(port + 1) },
        },
      ]
    : [{ name: 'chromium', use: { ...chrome, baseURL: origin(port) } }],
  webServer: twoServers
    ? [server(port, join(dataDir, 'articles')), server(port + 1, join(dataDir, 'activities'))]
    : server(port, dataDir),
});
