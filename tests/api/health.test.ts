import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadServerConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { checkReadiness, Lifecycle, type Readiness } from '@server/http/health';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import {
  backends,
  createPostgresDatabase,
  freePort,
  openTestDatabase,
  startTestServer,
} from '../support/test-server';

/**
 * GET /healthz and GET /readyz (issue 17): no token, no secrets, and /readyz says 503 while
 * the server should get no traffic (migrations missing, search copy loading, shutting down).
 */

const secrets = ['ist-embedded-search-key', 'ist-embedded-search-query-key', 'postgres://'];

describe.each(backends)('health on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      identity: (await createTestIdentity()).identity,
      env: { SEARCH_ENGINE: 'memory' },
    });
  });
  afterAll(() => server.close());

  it('GET /healthz answers 200 without a token', async () => {
    const res = await fetch(`${server.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 with each check, without a token or a secret', async () => {
    const res = await fetch(`${server.baseUrl}/readyz`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(text)).toEqual({
      ready: true,
      checks: { database: 'ok', migrations: 'applied', search: 'ready', lifecycle: 'running' },
    });
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('is not ready on a database without the migrations', { timeout: 180_000 }, async () => {
    const fresh = await openTestDatabase(backend);
    try {
      const readiness = await checkReadiness({
        db: fresh.database.db,
        lifecycle: new Lifecycle(),
        search: 'sql',
      });
      expect(readiness).toEqual({
        ready: false,
        checks: { database: 'ok', migrations: 'pending', search: 'sql', lifecycle: 'running' },
      } satisfies Readiness);
    } finally {
      await fresh.close();
    }
  });

  it('is not ready once stopping', async () => {
    const lifecycle = new Lifecycle();
    lifecycle.stopping = true;
    const readiness = await checkReadiness({ db: server.db, lifecycle, search: 'sql' });
    expect(readiness.ready).toBe(false);
    expect(readiness.checks.lifecycle).toBe('stopping');
  });
});

describe.skipIf(!process.env['DATABASE_URL'])('readiness while the search copy loads', () => {
  it('/readyz is 503 while the articles copy loads and 200 once it is in', async () => {
    const created = await createPostgresDatabase(process.env['DATABASE_URL'] ?? '');
    const port = await freePort();
    const config = loadServerConfig({
      PORT: String(port),
      DATA_DIR: 'memory://',
      DATABASE_URL: created.url,
      OIDC_ISSUER: 'https://issuer.test',
      SEARCH_ENGINE: 'memory',
      LOG_LEVEL: 'silent',
    });
    const database = await openDatabase(config);
    const locker = new pg.Client({ connectionString: created.url });
    try {
      await database.migrate();
      // The copy's load reads search_articles; a lock held elsewhere keeps it loading.
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table search_articles in access exclusive mode');
      const app = await buildApp({
        config,
        db: database.db,
        identity: (await createTestIdentity()).identity,
      });
      try {
        await app.listen({ port, host: '127.0.0.1' });
        const readyz = async () => {
          const res = await fetch(`http://127.0.0.1:${port}/readyz`);
          return { status: res.status, body: (await res.json()) as Readiness };
        };
        const loading = await readyz();
        expect(loading.status).toBe(503);
        expect(loading.body.checks.search).toBe('loading');
        await locker.query('commit');
        let answer = await readyz();
        for (let i = 0; i < 100 && answer.status !== 200; i++) {
          await new Promise((r) => setTimeout(r, 100));
          answer = await readyz();
        }
        expect(answer.status).toBe(200);
        expect(answer.body.checks.search).toBe('ready');
      } finally {
        await app.close();
      }
    } finally {
      await locker.end();
      await database.close();
      await created.drop();
    }
  });
});
