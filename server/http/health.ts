import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client';
import { migrationsApplied } from '../db/migrate';
import { articlesIndex } from '../search/index-definition';
import { MemoryEngine } from '../search/memory/engine';
import type { PushReadiness } from '../search/remote/refusals';
import { pushReadiness } from '../search/remote/refusals';

/**
 * What a load balancer or an orchestrator asks (issue 17), without a token and without secrets:
 * - `GET /healthz`: the process answers (200 while it runs; restart it when this fails).
 * - `GET /readyz`: 200 when it should get traffic: the database answers, every committed
 *   migration is applied, the search copy is loaded (or SQL answers: `SEARCH_ENGINE=sql`, a
 *   failed load, or a remote service), and it is not shutting down; 503 otherwise. The body
 *   names each check's state, never a URL, key or error text.
 */

/** Flags main.ts sets as the process moves through its life; tests leave the defaults. */
export class Lifecycle {
  /** Set on SIGTERM: /readyz answers 503 so the load balancer stops sending new requests. */
  stopping = false;
}

export type SearchReadiness = 'ready' | 'loading' | 'sql' | 'sql-fallback' | 'remote';

export interface Readiness {
  readonly ready: boolean;
  readonly checks: {
    /** `busy`: every pooled connection is taken, yet the database answers (still ready). */
    readonly database: 'ok' | 'busy' | 'unreachable';
    /** OIDC_ISSUER: whether its discovery document answers (every token fails while not). */
    readonly identity?: 'ok' | 'unreachable';
    readonly migrations: 'applied' | 'pending' | 'unknown';
    readonly search: SearchReadiness;
    readonly lifecycle: 'running' | 'stopping';
    /**
     * With SEARCH_URL: how pushing to it stands per index (lag, refusals of the batch being
     * retried, documents set aside). Detail only: a refusing service does not make a server
     * unready (it serves everything else).
     */
    readonly searchPush?: PushReadiness;
  };
}

export interface HealthDeps {
  readonly db: Db;
  /** A `select 1` outside the pool (OpenDatabase.probe): busy or down, when the pool times out. */
  readonly probeDatabase?: ((timeoutMs: number) => Promise<void>) | undefined;
  /** An external issuer's reachability (Identity.reachable); absent for the embedded one. */
  readonly identityReachable?: (() => Promise<boolean>) | undefined;
  readonly lifecycle: Lifecycle;
  /** How searches are answered: the embedded service's engine, or a remote service. */
  readonly search: 'memory' | 'sql' | 'remote';
  /** SEARCH_URL: the service the pusher feeds (its state is read for /readyz). */
  readonly pushService?: string | undefined;
}

/** A database that has not answered by then counts as unreachable. */
const databaseTimeoutMs = 2_000;

class TimedOut extends Error {}

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimedOut('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

function searchReadiness(db: Db, search: HealthDeps['search']): SearchReadiness {
  if (search !== 'memory') return search;
  // Not opened (yet): searches go to SQL until it is.
  return MemoryEngine.of(db, articlesIndex)?.state ?? 'loading';
}

/** Every check of /readyz, run now. */
export async function checkReadiness(deps: HealthDeps): Promise<Readiness> {
  const pooled = await within(deps.db.execute(sql`select 1`), databaseTimeoutMs).then(
    () => 'ok' as const,
    (error: unknown) => (error instanceof TimedOut ? ('timed out' as const) : ('failed' as const)),
  );
  // A pooled query that waited too long: a connection of its own says whether the database
  // answers (the pool is busy) or not (issue 30). PGlite has no pool: there it waits its turn.
  const database =
    pooled === 'ok'
      ? 'ok'
      : pooled === 'failed'
        ? 'unreachable'
        : deps.probeDatabase === undefined
          ? 'busy'
          : await deps.probeDatabase(databaseTimeoutMs).then(
              () => 'busy' as const,
              () => 'unreachable' as const,
            );
  const reachable = database !== 'unreachable';
  const identity =
    deps.identityReachable === undefined
      ? undefined
      : (await deps.identityReachable())
        ? ('ok' as const)
        : ('unreachable' as const);
  const migrations =
    database === 'ok' ? ((await migrationsApplied(deps.db)) ? 'applied' : 'pending') : 'unknown';
  const search = searchReadiness(deps.db, deps.search);
  const lifecycle = deps.lifecycle.stopping ? 'stopping' : 'running';
  // Only when the pool answered: a busy pool would make /readyz wait on it a second time.
  const searchPush =
    database === 'ok' && deps.pushService !== undefined
      ? await pushReadiness(deps.db, deps.pushService).catch(() => undefined)
      : undefined;
  return {
    ready:
      reachable &&
      (migrations === 'applied' || database === 'busy') &&
      search !== 'loading' &&
      lifecycle === 'running' &&
      identity !== 'unreachable',
    checks: {
      database,
      ...(identity === undefined ? {} : { identity }),
      migrations,
      search,
      lifecycle,
      ...(searchPush === undefined ? {} : { searchPush }),
    },
  };
}

export const healthRoutes: FastifyPluginAsync<HealthDeps> = async (app, deps) => {
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', async (_request, reply) => {
    const readiness = await checkReadiness(deps);
    return reply
      .code(readiness.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(readiness);
  });
};
