import { createServer, request as httpRequest } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { serverProcessEnv, startServerProcess } from '../support/server-process';
import { signIn } from '../support/sign-in';
import { createStartedPostgresDatabase } from '../support/started-template';
import { freePort } from '../support/test-server';

/**
 * The embedded OpenID provider behind several servers (issue 17): a round-robin proxy stands in
 * for the load balancer, so each step of the sign-in (authorize, interaction, login, consent,
 * token) lands on the other server than the step before; the access token it yields is then
 * accepted by each server directly.
 */

/** A load balancer in miniature: each request goes to the next backend in turn. */
async function roundRobin(backends: readonly number[]) {
  const served = backends.map(() => 0);
  let next = 0;
  const server: Server = createServer((req, res) => {
    const i = next++ % backends.length;
    served[i] = (served[i] ?? 0) + 1;
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: backends[i],
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!process.env['DATABASE_URL'])('sign-in across two servers', () => {
  let dataDir = '';
  let database: { url: string; drop(): Promise<void> } | undefined;
  let servers: ServerProcess[] = [];
  let proxy: Awaited<ReturnType<typeof roundRobin>> | undefined;
  const ports: number[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ist-oidc-two-'));
    // A started copy (decision 0069) without the provider's keys: the two servers make them.
    database = await createStartedPostgresDatabase(process.env['DATABASE_URL'] ?? '');
    ports.push(await freePort(), await freePort());
    proxy = await roundRobin(ports);
    const publicUrl = `http://127.0.0.1:${proxy.port}`;
    // Both behind one public origin, as behind a load balancer: one issuer.
    servers = await Promise.all(
      ports.map((port) =>
        startServerProcess(
          {
            ...serverProcessEnv({ port, databaseUrl: database?.url ?? '', dataDir }),
            PUBLIC_URL: publicUrl,
          },
          240_000,
        ),
      ),
    );
  }, 600_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await proxy?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'a sign-in whose steps alternate servers yields a token both accept',
    { timeout: 120_000 },
    async () => {
      if (proxy === undefined) throw new Error('no proxy');
      const { accessToken } = await signIn(`http://127.0.0.1:${proxy.port}`, 'analyst-mei');
      // The flow went through both servers.
      expect(proxy.served.every((n) => n >= 2)).toBe(true);
      for (const port of ports) {
        const res = await fetch(`http://127.0.0.1:${port}/api/lookups`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        expect(res.status).toBe(200);
      }
    },
  );
});
