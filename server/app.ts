import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { defaultMailFrom } from './config';
import type { Db, PoolStats } from './db/client';
import { FeedIngestion } from './feeds/ingestion';
import { createLookupsRepository } from './db/repositories/lookups';
import { apiRoutes } from './http/api';
import { configJsonRoutes } from './http/config-json';
import { healthRoutes, Lifecycle } from './http/health';
import { defaultBodyLimit, installRouteBodyLimits } from './http/body-limits';
import { apiJsonBounds, defaultJsonBounds, installBoundedJsonParser } from './http/json-bounds';
import { installRequestTextCheck } from './http/request-text';
import { installRateLimits } from './http/rate-limits';
import { installSecurityHeaders } from './http/security-headers';
import { installMetrics, Metrics } from './http/metrics';
import { installErrorHandler } from './http/error-mapping';
import { sendNotFound } from './http/errors';
import { isClientRoute, registerSpa } from './http/static';
import type { Identity } from './identity';
import { createMailSender } from './mail/sender';
import { searchRoutes } from './search/http';
import { createSearchService } from './search/search-service';

/** What the app is built from; main.ts and the tests each supply their own. */
export interface AppDeps {
  readonly config: ServerConfig;
  readonly db: Db;
  readonly identity: Identity;
  /**
   * The feed ingestion job (issue 8). Tests pass none: one is made and never started, so only
   * POST /api/feedSources/{id}/poll ingests. main.ts passes the one it starts.
   */
  readonly ingestion?: FeedIngestion;
  /** Start the job when a source is added (main.ts). */
  readonly startIngestionOnNewSource?: boolean;
  /** A query outside the pool for /readyz (main.ts: OpenDatabase.probe; PostgreSQL only). */
  readonly probeDatabase?: ((timeoutMs: number) => Promise<void>) | undefined;
  /** The database pool's state for /metrics (main.ts: OpenDatabase.poolStats). */
  readonly poolStats?: () => PoolStats | undefined;
  /** main.ts's: set to stopping on SIGTERM (/readyz). Tests get one that stays running. */
  readonly lifecycle?: Lifecycle;
}

/** TRUST_PROXY for fastify: a hop count trusts that many proxies nearest the server. */
const trustProxyOf = (value: number | string | undefined) =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : (value ?? false);

/**
 * Builds the IST server (API, /config.json, the identity provider's routes, the SPA) without
 * listening: main.ts listens, tests listen on a free port (the fastify/demo habit).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, identity } = deps;
  const app = Fastify({
    logger: { level: config.logLevel },
    // Each route's own limit is set by installRouteBodyLimits (http/body-limits.ts).
    bodyLimit: defaultBodyLimit,
    // A request arriving on a kept-alive connection while the server drains is still answered
    // (with Connection: close, below), not refused with a 503: the client moves on cleanly.
    return503OnClosing: false,
    // Every log line of a request carries its id; a load balancer's X-Request-Id is kept.
    requestIdHeader: 'x-request-id',
    // TRUST_PROXY: the client address (rate limits, logs) from the trusted proxies' X-Forwarded-For.
    trustProxy: trustProxyOf(config.trustProxy),
    genReqId: () => randomUUID(),
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const metrics = new Metrics(db, deps.poolStats ?? (() => undefined));
  installMetrics(app, metrics, config.metricsToken);
  const lifecycle = deps.lifecycle ?? new Lifecycle();
  app.addHook('onSend', async (_request, reply, payload) => {
    // Decided when the answer leaves, so a request already in flight at SIGTERM gets it too.
    if (lifecycle.stopping) reply.header('connection', 'close');
    return payload;
  });
  app.decorateRequest('user', null);
  installRouteBodyLimits(app);
  // By the route matched: the search service's (its admin batches) or the API's, tighter.
  installBoundedJsonParser(app, (request) =>
    request.routeOptions.url?.startsWith('/search') === true ? defaultJsonBounds : apiJsonBounds,
  );
  installRequestTextCheck(app);
  await installSecurityHeaders(app, config);
  // Before any route, so every route gets the hook (http/rate-limits.ts).
  const pageRateLimit = await installRateLimits(app, config);
  const ingestion =
    deps.ingestion ??
    new FeedIngestion(db, {
      log: (m) => app.log.warn(m),
      ...(config.feedTimeoutMs ? { timeoutMs: config.feedTimeoutMs } : {}),
    });
  const unlisten = ingestion.onPoll((outcome) =>
    metrics.feedPolls.inc({ outcome: outcome.status }),
  );
  app.addHook('onClose', () => {
    unlisten();
    return ingestion.stop();
  });
  installErrorHandler(app);

  // SMTP_URL set: the outbox is drained after each commit and every 30 s; else mail waits there.
  const mailer =
    config.smtpUrl === undefined
      ? null
      : createMailSender({
          db,
          smtpUrl: config.smtpUrl,
          from: config.mailFrom ?? defaultMailFrom,
          log: (message, error) => app.log.warn({ err: error }, message),
        });
  if (mailer !== null) {
    app.addHook('onReady', () => {
      mailer.start();
      return Promise.resolve();
    });
    app.addHook('onClose', () => mailer.stop());
  }

  await app.register(healthRoutes, {
    db,
    probeDatabase: deps.probeDatabase,
    identityReachable: identity.reachable?.bind(identity),
    lifecycle,
    search: config.searchUrl !== undefined ? 'remote' : (config.searchEngine ?? 'memory'),
    pushService: config.searchUrl,
  });
  await app.register(configJsonRoutes, { config });
  await identity.register(app);
  await app.register(apiRoutes, {
    prefix: '/api',
    config,
    db,
    identity,
    lookups: createLookupsRepository(db),
    ingestion,
    startIngestionOnNewSource: deps.startIngestionOnNewSource ?? false,
    afterCommit: () => mailer?.kick(),
  });

  // SEARCH_URL set means a real Azure AI Search service answers; otherwise the embedded one.
  if (config.searchUrl === undefined) {
    // The in-memory copy (SEARCH_ENGINE=memory) loads in the background: SQL answers meanwhile.
    const service = createSearchService({
      db,
      engine: config.searchEngine ?? 'memory',
      observeSearch: (engine, seconds) => metrics.searchSeconds.observe({ engine }, seconds),
      log: (message) => app.log.info(message),
      warn: (message) => app.log.warn(message),
    });
    app.addHook('onClose', () => service.close());
    await app.register(searchRoutes, {
      prefix: '/search',
      apiKey: config.searchApiKey,
      queryKey: config.searchQueryKey,
      identity,
      service,
      maxConcurrentSearches: config.searchMaxConcurrent,
    });
  }

  const spa = await registerSpa(app, config.staticDir, config.serveSourceMaps);
  // Client routes (/activity, /article/1…) get index.html; server paths get JSON 404s.
  // Pages count in the rate limit here: they match no route, so no route's hook counted them.
  app.setNotFoundHandler({ preHandler: pageRateLimit }, (request, reply) =>
    isClientRoute(request) ? spa(reply) : sendNotFound(request, reply),
  );
  return app;
}
