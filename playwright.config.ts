import { defineConfig, devices } from '@playwright/test';

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

const chrome = devices['Desktop Chrome'];

/**
 * Chromium 156 opens two browser-UI pages (the omnibox popups, chrome://omnibox-popup.top-chrome)
 * in a renderer of their own for every new context, that is for every test: 0.15 s of CPU each
 * and 32 s of a run (issue 32). Headless tests have no omnibox. Chromium keeps only the last
 * --disable-features, so Playwright 1.65's own list (playwright-core's chromiumSwitches) is
 * repeated here first.
 */
const disabledFeatures = [
  // Playwright's.
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
  // Ours.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

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
        `--disable-features=${disabledFeatures.join(',')}`,
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
  // The servers (tests/e2e/servers.ts): started side by side, where webServer starts one after
  // the other.
  globalSetup: './tests/e2e/servers.ts',
});
