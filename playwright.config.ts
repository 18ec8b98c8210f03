import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * End-to-end tests in Debian's Chromium (npx playwright install cannot work here), against the
 * real server on its embedded defaults: PGlite in a fresh folder, the embedded OpenID provider,
 * demo data. Nothing of ours is mocked.
 */
const port = Number(process.env['E2E_PORT'] ?? 5190);
const baseURL = `http://localhost:${port}`;
// A fresh data folder per run: the "fresh start" the foundation issue asks to show.
const dataDir = process.env['E2E_DATA_DIR'] ?? join(tmpdir(), `ist-e2e-${port}-${process.pid}`);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `${baseURL}/config.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      SEED_ARTICLES: '2000',
      SEED_ACTIVITIES: '120',
      IST_ENVIRONMENT: 'e2e',
      IST_VERSION: '0.1.0',
      IST_BUILD_NUMBER: 'e2e-build',
      LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
      // Lets parallel runs use their own build (vite build --outDir …).
      STATIC_DIR: process.env['E2E_STATIC_DIR'] ?? 'dist',
    },
  },
});
