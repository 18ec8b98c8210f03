import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startE2eServers, type E2eServer } from '../e2e/servers';

/**
 * playwright.remote-search.config.ts's globalSetup (issue 30): B, a search service only, from a
 * copy of the started database (decision 0069: it seeds nothing, so the copy differs from a
 * fresh folder only in the first start it saves); then A, the IST the analyst signs in to, from
 * empty with its demo seed and its search at B, once B is ready.
 */
const port = Number(process.env['E2E_PORT'] ?? 5191);
const servicePort = Number(process.env['E2E_SERVICE_PORT'] ?? 5192);
const baseURL = `http://localhost:${port}`;
const serviceUrl = `http://localhost:${servicePort}`;
const dataDir = join(tmpdir(), `ist-e2e-remote-${port}-${process.pid}`);
/** The embedded service's default keys: B runs with them, A is given them for B. */
const adminKey = 'ist-embedded-search-key';
const queryKey = 'ist-embedded-search-query-key';

const service: E2eServer = {
  dataDir: join(dataDir, 'service'),
  fromStartedCopy: true,
  env: {
    PORT: String(servicePort),
    HOST: '127.0.0.1',
    PUBLIC_URL: serviceUrl,
    DATABASE_URL: '',
    SEED_ARTICLES: '0',
    SEED_ACTIVITIES: '0',
    // Its documents' articles are A's.
    SEARCH_RECONCILE: 'off',
    // Its article searches answered from memory while A's 29,000 locations are written.
    SEARCH_ENGINE: 'memory',
    STATIC_DIR: join(dataDir, 'no-spa'),
    LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
  },
};

const ist: E2eServer = {
  dataDir: join(dataDir, 'ist'),
  after: [service],
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
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
};

export default function startRemoteSearchServers(): Promise<() => Promise<void>> {
  return startE2eServers([service, ist]);
}
