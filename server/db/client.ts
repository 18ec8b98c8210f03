import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { ServerConfig } from '../config';
import type { Db } from './db';
import { migratePglite, migratePostgres } from './migrate';
import { pgliteListen, postgresListen, registerListen } from './notifications';
import * as schema from './schema';

export type { Db, Schema } from './db';

/** An open database: the handle, which engine is behind it, and how to migrate and close it. */
export interface OpenDatabase {
  readonly db: Db;
  readonly driver: 'pglite' | 'postgres';
  /**
   * Applies the committed migrations in server/db/migrations (or in `folder`: a test of a data
   * migration first stops at the migration before it).
   */
  migrate(folder?: string): Promise<void>;
  /**
   * Runs `fn` while holding a PostgreSQL session advisory lock on `key`, so of several servers
   * on one database only one runs it at a time (the others wait). PGlite belongs to one
   * process: `fn` just runs.
   */
  exclusively<T>(key: AdvisoryLock, fn: () => Promise<T>): Promise<T>;
  poolStats(): PoolStats | undefined;
  /**
   * PostgreSQL only: `select 1` on a connection of its own, outside the pool, so /readyz can
   * tell a busy pool (every connection taken: the probe answers) from a database that is down.
   */
  probe?(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball (tests start their databases from one). */
  dumpDataDir?(): Promise<Blob>;
  /** PGlite only: the bytes of its WebAssembly memory (it grows, never shrinks; the bench). */
  wasmBytes?(): number;
}

/** How to open PGlite: from a tarball dumpDataDir made (a migrated test template). */
export interface OpenOptions {
  readonly pgliteDataDirTarball?: Blob;
}

/** A connection pool's state (the /metrics gauge); PGlite has no pool. */
export interface PoolStats {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

/** Advisory lock keys: one number per thing only one server may do at a time. */
export const advisoryLocks = {
  /** Migrations, the demo seed and the first search index build (main.ts). */
  startup: 17_001,
  /** Deleting the embedded OpenID provider's expired rows. */
  identityCleanup: 17_002,
} as const;
export type AdvisoryLock = (typeof advisoryLocks)[keyof typeof advisoryLocks];

/** A dataDir of 'memory://' keeps PGlite in memory (tests); anything else is a folder. */
const isInMemory = (dataDir: string) => dataDir.startsWith('memory://');

/**
 * PGlite's buffer cache. PostgreSQL's default (128 MB) lives in the WASM memory, which never
 * shrinks, and costs the process that much resident; PGlite reads its files through the OS,
 * whose page cache keeps them warm anyway. 16 MB measured 125 MB less resident at 1,000,000
 * search documents (issue 18, docs/benchmarks.md).
 */
const pgliteSharedBuffers = '16MB';

/**
 * Opens the one database: PostgreSQL through a node-postgres pool when config.databaseUrl is
 * set, otherwise PGlite persisted in config.dataDir (created if missing). PGlite is a single
 * connection; drizzle queues queries on it.
 */
export async function openDatabase(
  config: ServerConfig,
  options: OpenOptions = {},
): Promise<OpenDatabase> {
  if (config.databaseUrl !== undefined) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client's error (the server restarting, an administrator ending the connection)
    // is emitted on the pool; unhandled, it would crash the process. The pool replaces the
    // client on the next query, so logging is enough.
    pool.on('error', (error) => console.error('PostgreSQL idle connection error:', error.message));
    const db = drizzlePg(pool, { schema });
    // Fail at start-up, not on the first request, when the server is unreachable.
    await pool.query('select 1');
    registerListen(db, postgresListen(config.databaseUrl));
    return {
      db,
      driver: 'postgres',
      migrate: (folder) => migratePostgres(db, folder),
      async exclusively(key, fn) {
        // A session lock belongs to one connection: hold one for the whole of fn.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [key]);
          try {
            return await fn();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [key]);
          }
        } finally {
          client.release();
        }
      },
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      async probe(timeoutMs) {
        const client = new pg.Client({
          connectionString: config.databaseUrl,
          connectionTimeoutMillis: timeoutMs,
          query_timeout: timeoutMs,
        });
        client.on('error', () => {});
        try {
          await client.connect();
          await client.query('select 1');
        } finally {
          await client.end().catch(() => {});
        }
      },
      close: () => pool.end(),
    };
  }
  const dataDir = isInMemory(config.dataDir) ? config.dataDir : resolve(config.dataDir);
  if (!isInMemory(dataDir)) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`],
    ...(options.pgliteDataDirTarball === undefined
      ? {}
      : { loadDataDir: options.pgliteDataDirTarball }),
  });
  const db = drizzlePglite(client, { schema });
  registerListen(db, pgliteListen(client));
  return {
    db,
    driver: 'pglite',
    migrate: (folder) => migratePglite(db, folder),
    exclusively: (_key, fn) => fn(),
    poolStats: () => undefined,
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
    wasmBytes: () => client.Module.wasmMemory.buffer.byteLength,
  };
}
