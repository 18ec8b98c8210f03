import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '@server/app';
import type { ServerConfig } from '@server/config';
import { loadServerConfig } from '@server/config';
import type { Db, OpenDatabase } from '@server/db/client';
import { openDatabase } from '@server/db/client';
import type { Identity } from '@server/identity';
import { articlesIndex } from '@server/search/index-definition';
import type { TestIdentity } from './test-identity';
import { createTestIdentity } from './test-identity';
import { MemoryEngine } from '@server/search/memory/engine';

/** Which database a test server runs on. */
export type Backend = 'pglite' | 'postgres';

/**
 * The backends to run API tests on: PGlite always, PostgreSQL when DATABASE_URL is set.
 * `API_BACKENDS=postgres` keeps only PostgreSQL: CI's second pass, after `npm test` has run
 * every file on PGlite, need not run the PGlite half again.
 */
export const backends: readonly Backend[] = selectBackends(
  process.env['DATABASE_URL'],
  process.env['API_BACKENDS'],
);

function selectBackends(databaseUrl: string | undefined, only: string | undefined) {
  const available: Backend[] = databaseUrl ? ['pglite', 'postgres'] : ['pglite'];
  if (only === undefined || only === '') return available;
  const wanted = only.split(',').map((name) => name.trim());
  const unknown = wanted.filter((name) => name !== 'pglite' && name !== 'postgres');
  if (unknown.length > 0)
    throw new Error(`API_BACKENDS names unknown backends: ${unknown.join(', ')}`);
  if (wanted.includes('postgres') && !databaseUrl) {
    throw new Error('API_BACKENDS=postgres needs DATABASE_URL');
  }
  return available.filter((backend) => wanted.includes(backend));
}

export interface TestServerOptions {
  readonly backend: Backend;
  readonly identity: Identity;
  /** Defaults to a folder that does not exist (no SPA build). */
  readonly staticDir?: string;
  /** Runs after migrations, before the app is built (insert fixtures here). */
  readonly prepare?: (db: Db) => Promise<void>;
  /** Extra environment for loadServerConfig. */
  readonly env?: Readonly<Record<string, string>>;
}

/** A running server on a free port and what the tests need to talk to it. */
export interface TestServer {
  readonly baseUrl: string;
  readonly config: ServerConfig;
  readonly db: Db;
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1, found by letting the OS pick one. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A fresh, uniquely named database on the DATABASE_URL server (ist_test_<random>), and how to
 * drop it afterwards.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  /** A database to copy (tests/support/database-templates.ts); empty when absent. */
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ist_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      template === undefined
        ? `create database "${name}"`
        : `create database "${name}" template "${template}"`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * A fresh database on `backend` (in-memory PGlite, or a new PostgreSQL database on the
 * DATABASE_URL server), not migrated, and how to close and drop it.
 */
export async function openTestDatabase(
  backend: Backend,
): Promise<{ database: OpenDatabase; close(): Promise<void> }> {
  const adminUrl = process.env['DATABASE_URL'];
  const pg =
    backend === 'postgres' && adminUrl ? await createPostgresDatabase(adminUrl) : undefined;
  const database = await openDatabase(
    loadServerConfig({ DATA_DIR: 'memory://', DATABASE_URL: pg?.url ?? '' }),
  );
  return {
    database,
    async close() {
      await database.close();
      await pg?.drop();
    },
  };
}

/**
 * Starts the real app (buildApp) over real HTTP on a free port, on in-memory PGlite or on a
 * fresh PostgreSQL database, migrated. close() stops it and drops what it made.
 */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const adminUrl = process.env['DATABASE_URL'];
  if (options.backend === 'postgres' && !adminUrl) throw new Error('DATABASE_URL is not set');
  // Started from the run's migrated template when there is one (vitest's global set-up).
  const pgDatabase =
    options.backend === 'postgres' && adminUrl
      ? await createPostgresDatabase(adminUrl, process.env['IST_TEST_POSTGRES_TEMPLATE'])
      : undefined;
  const pgliteTemplate = process.env['IST_TEST_PGLITE_TEMPLATE'];

  const config = loadServerConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: 'memory://',
    DATABASE_URL: pgDatabase?.url ?? '',
    OIDC_ISSUER: 'https://issuer.test',
    STATIC_DIR: options.staticDir ?? `/nonexistent-ist-dist-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'silent',
    // Lets the API suites run on the in-memory search engine too (SEARCH_ENGINE=memory).
    SEARCH_ENGINE: process.env['SEARCH_ENGINE'] ?? '',
    ...options.env,
  });
  const database = await openDatabase(
    config,
    options.backend === 'pglite' && pgliteTemplate !== undefined
      ? { pgliteDataDirTarball: new Blob([await readFile(pgliteTemplate)]) }
      : {},
  );
  try {
    await database.migrate();
    await options.prepare?.(database.db);
    const app = await buildApp({
      config,
      db: database.db,
      identity: options.identity,
      poolStats: () => database.poolStats(),
      probeDatabase: database.probe?.bind(database),
    });
    await app.listen({ port, host: '127.0.0.1' });
    // The in-process search copy loads in the background: wait, so every answer comes from it.
    await MemoryEngine.of(database.db, articlesIndex)?.loaded();
    return {
      baseUrl,
      config,
      db: database.db,
      app,
      async close() {
        await app.close();
        await database.close();
        await pgDatabase?.drop();
      },
    };
  } catch (error) {
    await database.close();
    await pgDatabase?.drop();
    throw error;
  }
}

/**
 * A test server on `backend` whose database gets `insert`'s fixtures before it starts, signed
 * by a fresh test issuer: the set-up every API test file shares.
 */
export async function startFixtureServer<F>(
  backend: Backend,
  insert: (db: Db) => Promise<F>,
  env: Readonly<Record<string, string>> = {},
): Promise<{ server: TestServer; fx: F; issuer: TestIdentity }> {
  const issuer = await createTestIdentity();
  let fx: { value: F } | undefined;
  const server = await startTestServer({
    backend,
    identity: issuer.identity,
    env,
    prepare: async (db) => {
      fx = { value: await insert(db) };
    },
  });
  if (fx === undefined) throw new Error('the fixtures were not inserted');
  return { server, fx: fx.value, issuer };
}
