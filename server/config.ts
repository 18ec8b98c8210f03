import { readFileSync } from 'node:fs';
import { Schema } from 'effect';
import type { RuntimeConfig } from '@domain/runtime-config';
import { defaultOidcScope } from '@domain/runtime-config';

/**
 * The server's configuration, read from environment variables once at start-up and validated.
 * Every production engine is reachable by configuration alone:
 * - DATABASE_URL set → PostgreSQL; unset → PGlite in DATA_DIR.
 * - OIDC_ISSUER set → that external issuer (Keycloak, Entra ID…); unset → the embedded provider at /oidc.
 * - SEARCH_URL set → a real Azure AI Search service; unset → the embedded one at /search.
 * - SMTP_URL set → mail in the outbox is sent over SMTP; unset → it stays in the outbox.
 */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** The public origin the browser uses, e.g. http://localhost:5000 (no trailing slash). */
  readonly publicUrl: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /**
   * NODE_ENV in lower case (`Production` is production): `production` refuses the demo sign-in
   * and the embedded search keys, seeds no demo data and serves no source maps unless asked;
   * `development` allows the vite dev origin.
   */
  readonly nodeEnv: string;
  /** SERVE_SOURCE_MAPS (`on`/`off`): the SPA's `.map` files; off by default in production. */
  readonly serveSourceMaps: boolean;
  /**
   * TRUST_PROXY: how the client address is read behind a load balancer (fastify's
   * `trustProxy`: a hop count, or addresses/CIDRs of the proxies); unset, the socket's address.
   */
  readonly trustProxy?: number | string;
  /** External issuer; undefined means the embedded provider runs. */
  readonly oidcIssuer: string | undefined;
  readonly oidcClientId: string;
  /** Audience the API expects in access tokens. */
  readonly oidcAudience: string;
  readonly searchUrl: string | undefined;
  /**
   * The search service's admin key (SEARCH_API_KEY): it reads and writes (docs/index). The
   * server's own writers use it; it is never sent to the browser.
   */
  readonly searchApiKey: string;
  /**
   * The query key (SEARCH_QUERY_KEY): searches, lookups and counts only, as Azure's query keys.
   * With a real Azure service the signed-in browser gets this one from GET /api/searchSettings
   * (never from the public /config.json), so it cannot upload, merge or delete documents
   * (second-store articles are read-only, spec 000 §4). The embedded service takes the
   * analyst's bearer token instead; there the key is for server-to-server reads.
   */
  readonly searchQueryKey: string;
  /**
   * The embedded search service's engine (SEARCH_ENGINE): `memory` (the default) also keeps the
   * articles index in process (server/search/memory/), loaded in the background after start;
   * `sql` runs every search as SQL.
   */
  readonly searchEngine?: 'sql' | 'memory';
  /**
   * SEARCH_RECONCILE (`on`, the default, or `off`): whether this server reconciles its articles
   * index with its tables at start (and sweeps owed marks). `off` on an IST that serves only as
   * another IST's search service (its documents come through docs/index): there every document
   * would look orphaned, its article being in the other IST's database.
   */
  readonly searchReconcile: boolean;
  /**
   * SEARCH_CORS_ORIGINS (comma-separated origins, or `*`): the `corsOptions.allowedOrigins` the
   * indexes IST creates or updates on its SEARCH_URL service get, so the browser may read them
   * from another origin. Defaults to PUBLIC_URL's origin.
   */
  readonly searchCorsOrigins: readonly string[];
  readonly environment: string;
  readonly version: string;
  readonly buildNumber: string;
  readonly applicationName: string;
  readonly monitoringToken: string;
  readonly testEmailRecipients: readonly string[];
  /**
   * Seed an empty database on start with this many articles and activities (the lookups and the
   * gazetteer are always written). Both 0 in production unless SEED_DEMO_DATA=on.
   */
  readonly seedArticles: number;
  readonly seedActivities: number;
  readonly staticDir: string;
  readonly logLevel: string;
  /** FEED_TIMEOUT_MS: a feed source that has not answered by then fails that poll. */
  readonly feedTimeoutMs?: number;
  /** FEED_TICK_MS: how often every server looks for feed sources due a poll. */
  readonly feedTickMs?: number;
  /** FEED_CLAIM_SECONDS: how long a feed poll claim holds unextended (a killed server's lapses). */
  readonly feedClaimSeconds?: number;
  /** SMTP server the outbox is drained to (smtp://user:pass@host:587); unset: mail stays queued. */
  readonly smtpUrl?: string;
  /** The From of notification mails (MAIL_FROM). */
  readonly mailFrom?: string;
  /** METRICS_TOKEN: when set, GET /metrics wants it as a bearer token. */
  readonly metricsToken?: string;
  /** SHUTDOWN_DELAY_MS: after SIGTERM, /readyz says 503 this long before the listener closes. */
  readonly shutdownDelayMs: number;
  /** SHUTDOWN_TIMEOUT_MS: a drain not done by then ends the process with exit code 1. */
  readonly shutdownTimeoutMs: number;
  /**
   * Requests per client (IP) per rateLimitWindowMs on the routes that need no sign-in
   * (/config.json, /oidc, the SPA's pages): RATE_LIMIT_MAX, RATE_LIMIT_WINDOW_MS.
   */
  readonly rateLimitMax: number;
  readonly rateLimitWindowMs: number;
  /** Searches and counts the embedded search service runs at once before 503 (SEARCH_MAX_CONCURRENT). */
  readonly searchMaxConcurrent: number;
}

/** The From of notification mails when MAIL_FROM is not set. */
export const defaultMailFrom = 'IST <no-reply@localhost>';

const Env = Schema.Struct({
  PORT: Schema.optional(Schema.NumberFromString),
  HOST: Schema.optional(Schema.String),
  PUBLIC_URL: Schema.optional(Schema.String),
  DATA_DIR: Schema.optional(Schema.String),
  DATABASE_URL: Schema.optional(Schema.String),
  OIDC_ISSUER: Schema.optional(Schema.String),
  NODE_ENV: Schema.optional(Schema.String),
  DEMO_SIGN_IN: Schema.optional(Schema.Literal('allow')),
  OIDC_CLIENT_ID: Schema.optional(Schema.String),
  OIDC_AUDIENCE: Schema.optional(Schema.String),
  SEARCH_URL: Schema.optional(Schema.String),
  SEARCH_API_KEY: Schema.optional(Schema.String),
  SEARCH_QUERY_KEY: Schema.optional(Schema.String),
  SEARCH_ENGINE: Schema.optional(Schema.Literal('sql', 'memory')),
  SEARCH_RECONCILE: Schema.optional(Schema.Literal('on', 'off')),
  SEARCH_CORS_ORIGINS: Schema.optional(Schema.String),
  IST_ENVIRONMENT: Schema.optional(Schema.String),
  IST_VERSION: Schema.optional(Schema.String),
  IST_BUILD_NUMBER: Schema.optional(Schema.String),
  IST_APPLICATION_NAME: Schema.optional(Schema.String),
  IST_MONITORING_TOKEN: Schema.optional(Schema.String),
  IST_TEST_EMAIL_RECIPIENTS: Schema.optional(Schema.String),
  SEED_ARTICLES: Schema.optional(Schema.NumberFromString),
  SEED_ACTIVITIES: Schema.optional(Schema.NumberFromString),
  SEED_DEMO_DATA: Schema.optional(Schema.Literal('on', 'off')),
  SERVE_SOURCE_MAPS: Schema.optional(Schema.Literal('on', 'off')),
  TRUST_PROXY: Schema.optional(Schema.String),
  STATIC_DIR: Schema.optional(Schema.String),
  LOG_LEVEL: Schema.optional(Schema.String),
  FEED_TIMEOUT_MS: Schema.optional(Schema.NumberFromString),
  FEED_CLAIM_SECONDS: Schema.optional(Schema.NumberFromString.pipe(Schema.positive())),
  FEED_TICK_MS: Schema.optional(Schema.NumberFromString.pipe(Schema.int(), Schema.positive())),
  SMTP_URL: Schema.optional(Schema.String),
  MAIL_FROM: Schema.optional(Schema.String),
  METRICS_TOKEN: Schema.optional(Schema.String),
  SHUTDOWN_DELAY_MS: Schema.optional(Schema.NumberFromString.pipe(Schema.nonNegative())),
  SHUTDOWN_TIMEOUT_MS: Schema.optional(Schema.NumberFromString.pipe(Schema.positive())),
  RATE_LIMIT_MAX: Schema.optional(Schema.NumberFromString.pipe(Schema.int(), Schema.positive())),
  RATE_LIMIT_WINDOW_MS: Schema.optional(
    Schema.NumberFromString.pipe(Schema.int(), Schema.positive()),
  ),
  SEARCH_MAX_CONCURRENT: Schema.optional(
    Schema.NumberFromString.pipe(Schema.int(), Schema.positive()),
  ),
});

/** Why a production server does not start the embedded provider (issue 16). */
export const demoSignInRefused =
  'NODE_ENV=production and no OIDC_ISSUER: the embedded demo sign-in lets anyone sign in as any demo analyst without a password, so it does not start in production. Set OIDC_ISSUER to your identity provider, or DEMO_SIGN_IN=allow to run the demo anyway.';

/** Why a production server does not start with the embedded search service's published keys. */
export const publishedSearchKeysRefused =
  'NODE_ENV=production and no SEARCH_API_KEY / SEARCH_QUERY_KEY: the defaults are published in the source, so anyone could read every article, write documents and delete indexes. Set both to secrets of your own (they must differ).';

/** The version in package.json, for a server started with `node` directly (no npm_package_version). */
function packageVersion(): string {
  try {
    const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
    const { version } = JSON.parse(text) as { version?: unknown };
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** TRUST_PROXY as fastify takes it: a hop count, or the proxies' addresses and CIDRs. */
function trustProxyOf(value: string): number | string {
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** The embedded search service's keys when SEARCH_API_KEY / SEARCH_QUERY_KEY are unset. */
export const embeddedSearchAdminKey = 'ist-embedded-search-key';
export const embeddedSearchQueryKey = 'ist-embedded-search-query-key';

const nonEmpty = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v);

/** Reads and validates the environment; throws with a readable message on a bad value. */
export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const e = Schema.decodeUnknownSync(Env)(
    Object.fromEntries(Object.entries(env).filter(([, v]) => nonEmpty(v) !== undefined)),
  );
  const port = e.PORT ?? 5000;
  if (e.SEARCH_URL !== undefined && e.SEARCH_QUERY_KEY === undefined) {
    throw new Error(
      'SEARCH_QUERY_KEY is required with SEARCH_URL: the browser is given a query key, never the admin key (SEARCH_API_KEY).',
    );
  }
  const nodeEnv = (e.NODE_ENV ?? 'development').toLowerCase();
  const production = nodeEnv === 'production';
  if (production && e.OIDC_ISSUER === undefined && e.DEMO_SIGN_IN !== 'allow') {
    throw new Error(demoSignInRefused);
  }
  const published = (key: string | undefined) =>
    key === undefined || key === embeddedSearchAdminKey || key === embeddedSearchQueryKey;
  if (production && (published(e.SEARCH_API_KEY) || published(e.SEARCH_QUERY_KEY))) {
    throw new Error(publishedSearchKeysRefused);
  }
  const searchApiKey = e.SEARCH_API_KEY ?? embeddedSearchAdminKey;
  const searchQueryKey = e.SEARCH_QUERY_KEY ?? embeddedSearchQueryKey;
  if (searchQueryKey === searchApiKey) {
    throw new Error('SEARCH_QUERY_KEY must differ from SEARCH_API_KEY: a query key cannot write.');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  // Demo articles and activities only where they cannot be mistaken for real ones.
  const seedDemo = e.SEED_DEMO_DATA === undefined ? !production : e.SEED_DEMO_DATA === 'on';
  return {
    nodeEnv,
    serveSourceMaps: e.SERVE_SOURCE_MAPS === undefined ? !production : e.SERVE_SOURCE_MAPS === 'on',
    ...(e.TRUST_PROXY === undefined ? {} : { trustProxy: trustProxyOf(e.TRUST_PROXY) }),
    port,
    // Loopback unless asked: the demo sign-in must not be offered to the whole network.
    host: e.HOST ?? 'localhost',
    publicUrl,
    dataDir: e.DATA_DIR ?? 'data/pglite',
    databaseUrl: e.DATABASE_URL,
    oidcIssuer: e.OIDC_ISSUER?.replace(/\/+$/, ''),
    oidcClientId: e.OIDC_CLIENT_ID ?? 'ist-web',
    oidcAudience: e.OIDC_AUDIENCE ?? 'ist-api',
    searchUrl: e.SEARCH_URL?.replace(/\/+$/, ''),
    searchApiKey,
    searchQueryKey,
    searchEngine: e.SEARCH_ENGINE ?? 'memory',
    searchReconcile: e.SEARCH_RECONCILE !== 'off',
    searchCorsOrigins: corsOriginsOf(e.SEARCH_CORS_ORIGINS, publicUrl),
    environment: e.IST_ENVIRONMENT ?? 'local',
    version: e.IST_VERSION ?? env['npm_package_version'] ?? packageVersion(),
    buildNumber: e.IST_BUILD_NUMBER ?? 'dev',
    applicationName: e.IST_APPLICATION_NAME ?? 'IST',
    monitoringToken: e.IST_MONITORING_TOKEN ?? '',
    testEmailRecipients: (e.IST_TEST_EMAIL_RECIPIENTS ?? '')
      .split(/[,;]/)
      .map((s) => s.trim())
      .filter((s) => s !== ''),
    seedArticles: seedDemo ? (e.SEED_ARTICLES ?? 20_000) : 0,
    seedActivities: seedDemo ? (e.SEED_ACTIVITIES ?? 500) : 0,
    staticDir: e.STATIC_DIR ?? 'dist',
    logLevel: e.LOG_LEVEL ?? 'info',
    feedTimeoutMs: e.FEED_TIMEOUT_MS ?? 20_000,
    feedClaimSeconds: e.FEED_CLAIM_SECONDS ?? 60,
    feedTickMs: e.FEED_TICK_MS ?? 15_000,
    ...(e.SMTP_URL === undefined ? {} : { smtpUrl: e.SMTP_URL }),
    mailFrom: e.MAIL_FROM ?? defaultMailFrom,
    ...(e.METRICS_TOKEN === undefined ? {} : { metricsToken: e.METRICS_TOKEN }),
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS ?? 0,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS ?? 30_000,
    // An office behind one address signs in together; a flood from one client does not pass.
    rateLimitMax: e.RATE_LIMIT_MAX ?? 1000,
    rateLimitWindowMs: e.RATE_LIMIT_WINDOW_MS ?? 60_000,
    searchMaxConcurrent: e.SEARCH_MAX_CONCURRENT ?? 16,
  };
}

/**
 * SEARCH_CORS_ORIGINS as origins (each URL reduced to scheme, host and port, as a browser sends
 * Origin), or `*`; PUBLIC_URL's origin when unset.
 */
function corsOriginsOf(given: string | undefined, publicUrl: string): readonly string[] {
  const listed = (given ?? publicUrl)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (listed.includes('*')) return ['*'];
  return listed.map((origin) => {
    const url = URL.canParse(origin) ? new URL(origin) : undefined;
    if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      throw new Error(`SEARCH_CORS_ORIGINS: '${origin}' is not an origin (https://host[:port]).`);
    }
    return url.origin;
  });
}

/** The issuer the browser and the API use: the external one, or the embedded one at /oidc. */
export const issuerOf = (c: ServerConfig) => c.oidcIssuer ?? `${c.publicUrl}/oidc`;

/** /config.json, built fresh from the configuration on every request (never cached). */
export function runtimeConfigOf(c: ServerConfig): RuntimeConfig {
  const search = c.searchUrl ?? `${c.publicUrl}/search`;
  const issuer = issuerOf(c);
  return {
    articleSearchUrl: `${search}/indexes/articles/docs`,
    locationSearchUrl: `${search}/indexes/locations/docs`,
    feedsIndexUrl: `${search}/indexes/feeds/docs`,
    typesIndexUrl: `${search}/indexes/types/docs`,
    apiUrl: `${c.publicUrl}/api`,
    applicationName: c.applicationName,
    authBaseUrl: issuer,
    oidcMetadataUrl: `${issuer}/.well-known/openid-configuration`,
    oidcClientId: c.oidcClientId,
    oidcScope: defaultOidcScope,
    monitoringToken: c.monitoringToken,
    environment: c.environment,
    version: c.version,
    buildNumber: c.buildNumber,
    testEmailRecipients: c.testEmailRecipients,
    demoSignIn: c.oidcIssuer === undefined,
  };
}
