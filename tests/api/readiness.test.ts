import { createServer, type Server } from 'node:http';
import {
  createServer as createTcpServer,
  connect,
  type Server as TcpServer,
  type Socket,
} from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalIdentity } from '@server/identity';
import { insertLookupFixtures } from '../support/lookup-fixtures';
import type { TestIdentity } from '../support/test-identity';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { createPostgresDatabase, startTestServer } from '../support/test-server';

/**
 * /readyz tells what is wrong (issue 30): a busy pool is not a database that is down; an
 * external issuer that does not answer makes the server unready (every token would get 401);
 * and a write while the database is away answers 503 with Retry-After, storing nothing.
 */

interface ReadyBody {
  ready: boolean;
  checks: { database: string; identity?: string };
}

const readyz = async (server: TestServer) => {
  const res = await fetch(`${server.baseUrl}/readyz`);
  return { status: res.status, body: (await res.json()) as ReadyBody };
};

/** A TCP relay in front of PostgreSQL that can be cut (every connection dropped) and restored. */
async function cuttableRelay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: TcpServer | undefined;
  let port = 0;
  const listen = async () => {
    server = createTcpServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.once('close', () => sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
    restore: listen,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) =>
        server?.listening ? server.close(() => resolve()) : resolve(),
      );
    },
  };
}

describe.skipIf(!process.env['DATABASE_URL'])('readiness and outages on PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let relay: Awaited<ReturnType<typeof cuttableRelay>> | undefined;
  let server: TestServer;
  let issuer: TestIdentity;
  let auth: Record<string, string>;

  beforeAll(async () => {
    database = await createPostgresDatabase(
      process.env['DATABASE_URL'] ?? '',
      process.env['IST_TEST_POSTGRES_TEMPLATE'],
    );
    const url = new URL(database.url);
    relay = await cuttableRelay({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${relay.port}`;
    issuer = await createTestIdentity();
    // The server reaches its database only through the relay.
    server = await startTestServer({
      backend: 'pglite',
      identity: issuer.identity,
      prepare: insertLookupFixtures,
      env: { DATABASE_URL: url.toString(), SEARCH_ENGINE: 'sql' },
    });
    auth = { authorization: `Bearer ${await issuer.token()}`, 'content-type': 'application/json' };
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await relay?.close();
    await database?.drop();
  });

  it('says "busy", and stays ready, while slow queries hold every pooled connection', async () => {
    // The pool has 10 connections: 12 slow queries take them all and queue two more.
    // (Promise.resolve: drizzle runs a query when it is awaited, not when it is built.)
    const slow = Array.from({ length: 12 }, () =>
      Promise.resolve(server.db.execute(sql`select pg_sleep(4)`)),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { status, body } = await readyz(server);
    expect(body.checks.database).toBe('busy');
    expect(status).toBe(200);
    await Promise.all(slow);
    expect((await readyz(server)).body.checks.database).toBe('ok');
  }, 60_000);

  it('answers a write 503 with Retry-After while the database is away, and stores nothing', async () => {
    const path = `${server.baseUrl}/api/users/me/diseaseInterests`;
    const put = (diseaseIds: number[]) =>
      fetch(path, { method: 'PUT', headers: auth, body: JSON.stringify({ diseaseIds }) });
    expect((await put([1])).status).toBe(200);

    await relay?.cut();
    const refused = await put([1, 2]);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { errors: string[] }).errors[0]).toMatch(
      /cannot reach its database.*nothing was changed/,
    );
    const down = await readyz(server);
    expect(down.status).toBe(503);
    expect(down.body.checks.database).toBe('unreachable');

    await relay?.restore();
    // The pool makes new connections; the write that was refused left nothing behind.
    let back = 0;
    for (let i = 0; i < 50 && back !== 200; i++) {
      back = (await readyz(server)).status;
      if (back !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(back).toBe(200);
    const now = (await (await fetch(path, { headers: auth })).json()) as { diseaseIds: number[] };
    expect(now.diseaseIds).toEqual([1]);
    expect((await put([1, 2])).status).toBe(200);
  }, 60_000);
});

describe('readiness with an external issuer', () => {
  let discovery: Server;
  let answering = true;
  let issuerUrl = '';

  beforeAll(async () => {
    discovery = createServer((_request, res) => {
      if (!answering) {
        res.destroy();
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ issuer: issuerUrl, jwks_uri: `${issuerUrl}/jwks` }));
    });
    await new Promise<void>((resolve) => discovery.listen(0, '127.0.0.1', resolve));
    issuerUrl = `http://127.0.0.1:${(discovery.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    discovery.closeAllConnections();
    await new Promise<void>((resolve) => discovery.close(() => resolve()));
  });

  /** /readyz of a fresh server (an answer is kept 10 s) checking tokens against `issuer`. */
  const readyzWith = async (issuer: string) => {
    const identity = externalIdentity(issuer, 'ist-api');
    const server = await startTestServer({
      backend: 'pglite',
      identity,
      env: { OIDC_ISSUER: issuer },
    });
    try {
      return await readyz(server);
    } finally {
      await server.close();
    }
  };

  it('is ready while the issuer answers, and 503 naming it when it does not', async () => {
    const ok = await readyzWith(issuerUrl);
    expect(ok.body.checks.identity).toBe('ok');
    expect(ok.status).toBe(200);
    // The issuer now drops every connection.
    answering = false;
    const refused = await readyzWith(issuerUrl);
    expect(refused.body.checks.identity).toBe('unreachable');
    expect(refused.status).toBe(503);
    // Nothing listening at all.
    expect((await readyzWith('http://127.0.0.1:9')).body.checks.identity).toBe('unreachable');
  }, 120_000);
});
