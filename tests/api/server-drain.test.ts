import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { serverProcessEnv, startServerProcess } from '../support/server-process';
import { runLoad } from '../support/http-load';
import { signIn } from '../support/sign-in';
import { createStartedPostgresDatabase, startedDataDir } from '../support/started-template';
import { backends, freePort } from '../support/test-server';

/**
 * SIGTERM (issue 17): the real server stops being ready at once, answers the request it is in
 * the middle of (its body still arriving when the signal lands), stops accepting, and exits 0.
 * Meanwhile ten kept-alive connections keep sending requests, stopping once /readyz says 503 as
 * a load balancer does (SHUTDOWN_DELAY_MS gives it the time): every request sent is answered;
 * none is reset, none fails.
 */
describe.each(backends)('SIGTERM drain on %s', (backend) => {
  let dataDir = '';
  let dropDatabase: (() => Promise<void>) | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ist-drain-'));
    let databaseUrl = '';
    if (backend === 'postgres') {
      // A started copy (decision 0069): the drain, not the first start, is under test.
      const created = await createStartedPostgresDatabase(process.env['DATABASE_URL'] ?? '');
      databaseUrl = created.url;
      dropDatabase = created.drop;
    } else await startedDataDir(dataDir);
    server = await startServerProcess({
      ...serverProcessEnv({ port: await freePort(), databaseUrl, dataDir }),
      SHUTDOWN_DELAY_MS: '1500',
      LOG_LEVEL: 'info',
    });
  }, 600_000);
  afterAll(async () => {
    await server?.kill();
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'finishes the request in flight, refuses new ones, exits 0',
    { timeout: 120_000 },
    async () => {
      if (server === undefined) throw new Error('no server');
      const { baseUrl } = server;
      const { accessToken } = await signIn(baseUrl, 'analyst-amara');
      expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);

      // A request in flight: its headers are in, half its body is sent.
      const body = JSON.stringify({ logLevel: 'info', message: 'in flight during SIGTERM' });
      const half = Math.floor(body.length / 2);
      const inFlight = httpRequest(`${baseUrl}/api/log/js`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      });
      const answered = new Promise<{ status: number; connection: string | undefined }>(
        (resolve, reject) => {
          inFlight.once('response', (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
          });
          inFlight.once('error', reject);
        },
      );
      inFlight.write(body.slice(0, half));
      const load = runLoad({
        baseUrl,
        connections: 10,
        durationMs: 60_000,
        until: server.exited,
        healthCheck: { path: '/readyz', intervalMs: 250 },
        requests: [
          {
            method: 'GET',
            path: '/api/lookups',
            headers: { authorization: `Bearer ${accessToken}` },
          },
          { method: 'GET', path: '/healthz' },
        ],
      });
      await new Promise((r) => setTimeout(r, 1000));

      server.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      // Draining: alive, but no longer ready, so a load balancer sends nothing new.
      const readyz = await fetch(`${baseUrl}/readyz`);
      expect(readyz.status).toBe(503);
      expect(((await readyz.json()) as { checks: { lifecycle: string } }).checks.lifecycle).toBe(
        'stopping',
      );
      expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);

      inFlight.end(body.slice(half));
      expect(await answered).toEqual({ status: 204, connection: 'close' });

      const started = Date.now();
      expect(await server.exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(server.output()).toContain('IST stopped');
      const outcome = await load;
      expect({
        failed: outcome.failed,
        failures: [...outcome.failures],
        non2xx: outcome.non2xx,
      }).toEqual({
        failed: 0,
        failures: [],
        non2xx: 0,
      });
      expect(outcome.ok).toBeGreaterThan(0);
      await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();
    },
  );
});
