import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client';
import { migrationsApplied } from '../db/migrate';
import { articlesIndex } from '../search/index-definition';
import { MemoryEngine } from '../search/memory/engine';

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
    readonly database: 'ok' | 'unreachable';
    readonly migrations: 'applied' | 'pending' | 'unknown';
    readonly search: SearchReadiness;
    readonly lifecycle: 'running' | 'stopping';
  };
}

export interface HealthDeps {
  readonly db: Db;
  readonly lifecycle: Lifecycle;
  /** How searches are answered: the embedded service's engine, or a remote service. */
  readonly search: 'memory' | 'sql' | 'remote';
}

/** A database that has not answered by then counts as unreachable. */
const databaseTimeoutMs = 2_000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
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
  const reachable = await within(deps.db.execute(sql`select 1`), databaseTimeoutMs).then(
    () => true,
    () => false,
  );
  const migrations = reachable
    ? (await migrationsApplied(deps.db))
      ? 'applied'
      : 'pending'
    : 'unknown';
  const search = searchReadiness(deps.db, deps.search);
  const lifecycle = deps.lifecycle.stopping ? 'stopping' : 'running';
  return {
    ready: reachable && migrations === 'applied' && search !== 'loading' && lifecycle === 'running',
    checks: { database: reachable ? 'ok' : 'unreachable', migrations, search, lifecycle },
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
