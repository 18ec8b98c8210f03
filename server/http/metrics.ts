import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db, PoolStats } from '../db/client';
import { sql } from 'drizzle-orm';
import { pendingMails } from '../mail/outbox';
import { readVersion } from '../search/change-log/follower';
import { rowsOf } from '../db/rows';
import { followerOf } from '../search/memory/changes';
import type { PushIndexStatus } from '../search/remote/refusals';
import { currentPusherSeconds, pushStatus } from '../search/remote/refusals';

/**
 * The server's Prometheus metrics (issue 17), one registry per app (tests run several apps in
 * one process), scraped at `GET /metrics` in the text format. Everything is per server: a
 * scraper adds its own `instance` label.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'ist_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly requestSeconds = new Histogram({
    name: 'ist_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly searchSeconds = new Histogram({
    name: 'ist_search_query_duration_seconds',
    help: 'Embedded search service queries, by the engine that answered (memory or sql)',
    labelNames: ['engine'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly feedPolls = new Counter({
    name: 'ist_feed_polls_total',
    help: 'Feed source polls this server made, by outcome (ok, not-modified, failed)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  constructor(db: Db, poolStats: () => PoolStats | undefined) {
    collectDefaultMetrics({ register: this.registry, prefix: 'ist_' });
    new Gauge({
      name: 'ist_db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting requests)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const stats = poolStats();
        if (stats === undefined) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'ist_outbox_depth',
      help: 'Notification mails waiting to be sent (queued or being sent)',
      registers: [this.registry],
      async collect() {
        this.set(await pendingMails(db));
      },
    });
    // The change log (migration 0014): where it is, where this server's search copy is, and
    // where the pusher to a remote service is (SEARCH_URL), read at each scrape.
    const log = async () => (await readVersion(db)).version;
    new Gauge({
      name: 'ist_search_change_log_version',
      help: 'The search change log’s latest version (every server sees the same)',
      registers: [this.registry],
      async collect() {
        this.set(await log());
      },
    });
    new Gauge({
      name: 'ist_search_change_log_applied',
      help: 'The change-log version this server’s in-process search copy has applied',
      registers: [this.registry],
      collect() {
        const follower = followerOf(db);
        if (follower !== undefined) this.set(follower.appliedVersion);
      },
    });
    new Gauge({
      name: 'ist_search_change_log_lag',
      help: 'Search change-log entries not yet applied by this server’s search copy (0 without one)',
      registers: [this.registry],
      async collect() {
        const follower = followerOf(db);
        this.set(follower === undefined ? 0 : Math.max(0, (await log()) - follower.appliedVersion));
      },
    });
    new Gauge({
      name: 'ist_search_push_lag',
      help: 'Search change-log entries not yet pushed to the remote search service (SEARCH_URL), by service',
      labelNames: ['service'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of rowsOf(
          // A SEARCH_URL no server has pushed to for ten minutes is a former one: its series ends.
          await db.execute(sql`
            select substr(f.follower_id, 6) as service, greatest(v.version - f.applied, 0) as lag
            from search_followers f, search_change_version v
            where f.follower_id like 'push:%'
              and f.heartbeat_at >= now() - make_interval(secs => ${currentPusherSeconds})`),
        )) {
          this.set({ service: String(row['service']) }, Number(row['lag']));
        }
      },
    });
    // Per index (issue 30): a refused index shows here while the others' lag stays 0.
    const pushIndexGauge = (
      name: string,
      help: string,
      value: (status: PushIndexStatus) => readonly (readonly [Record<string, string>, number])[],
      labelNames: readonly string[] = ['service', 'index'],
    ) =>
      new Gauge({
        name,
        help,
        labelNames,
        registers: [this.registry],
        async collect() {
          this.reset();
          for (const [service, statuses] of await pushStatus(db)) {
            for (const status of statuses) {
              for (const [labels, n] of value(status)) {
                this.set({ service, index: status.index, ...labels }, n);
              }
            }
          }
        },
      });
    pushIndexGauge(
      'ist_search_push_index_lag',
      'Search change-log entries not yet pushed to the remote search service, by service and index',
      (s) => [[{}, s.lag]],
    );
    pushIndexGauge(
      'ist_search_push_refusals',
      'Consecutive refusals (4xx) of the batch the pusher is retrying, by service and index (0: none)',
      (s) => [[{}, s.failures]],
    );
    pushIndexGauge(
      'ist_search_push_refused_documents',
      'Documents the remote search service refused for good and the pusher set aside, by service, index and status',
      (s) => Object.entries(s.refused).map(([status, n]) => [{ status }, n] as const),
      ['service', 'index', 'status'],
    );
    byDb.set(db, this);
  }

  /** The metrics of the app serving `db`, for code that has the database but not the app. */
  static of(db: Db): Metrics | undefined {
    return byDb.get(db);
  }
}

const byDb = new WeakMap<Db, Metrics>();

/** Routes no route matched are counted together, not by their (unbounded) URLs. */
const unmatched = 'unmatched';

/**
 * Counts and times every request by its route template, and serves `GET /metrics`. With
 * METRICS_TOKEN set, /metrics wants `Authorization: Bearer <token>`.
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics, token?: string): void {
  app.addHook('onResponse', async (request, reply) => {
    // A bounded label set: route templates, one label for all static files, one for the rest.
    const route = request.routeOptions.config.metricsRoute ?? request.routeOptions.url ?? unmatched;
    const labels = { method: request.method, route };
    metrics.requests.inc({ ...labels, status: String(reply.statusCode) });
    metrics.requestSeconds.observe(labels, reply.elapsedTime / 1000);
  });
  const expected = token === undefined ? undefined : Buffer.from(`Bearer ${token}`);
  const allowed = (header: string | undefined) => {
    if (expected === undefined) return true;
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  app.get('/metrics', async (request, reply: FastifyReply) => {
    if (!allowed(request.headers.authorization)) {
      return reply.code(401).send({ errors: ['A valid metrics token is required.'] });
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
