import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { ServerProcess } from '../support/server-process';
import { serverProcessEnv, startServerProcess } from '../support/server-process';
import { runLoad } from '../support/http-load';
import { signIn } from '../support/sign-in';
import { createPostgresDatabase } from '../support/test-server';

/**
 * Two IST servers on one PostgreSQL under load (issue 17), `node --import tsx
 * tests/bench/two-servers.ts` with DATABASE_URL set (a fresh database is made and dropped):
 * 1. one server alone, `BENCH_SECONDS` (20) of the work below: its throughput;
 * 2. both at once, the same work against each, as long: throughput of two;
 * 3. both for `BENCH_DRAIN_SECONDS` (60), server A sent SIGTERM half-way, through a client that
 *    behaves as a load balancer (honours Connection: close, follows A's /readyz; autocannon
 *    does neither, and its resets were requests A never accepted): every request either
 *    answered (2xx) or never accepted (connection refused once A stopped listening; a load
 *    balancer sends those elsewhere). A failed request is a non-2xx answer, a reset or a
 *    time-out: there must be none on A (its in-flight requests complete) and none on B.
 * The work: GET /api/lookups (bearer token) and an article search of the embedded service
 * (query key), alternately, 10 connections per server. Prints a markdown table.
 */

const seconds = Number(process.env['BENCH_SECONDS'] ?? 20);
const drainSeconds = Number(process.env['BENCH_DRAIN_SECONDS'] ?? 60);
const connections = 10;

interface Run {
  readonly ok: number;
  readonly non2xx: number;
  readonly refused: number;
  readonly failed: number;
  readonly failures: Map<string, number>;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
}

function load(
  baseUrl: string,
  accessToken: string,
  queryKey: string,
  duration: number,
): { done: Promise<Run> } {
  const failures = new Map<string, number>();
  let refused = 0;
  let failed = 0;
  let finish: (run: Run) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const done = new Promise<Run>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: baseUrl,
      duration,
      connections,
      timeout: 10,
      requests: [
        {
          method: 'GET',
          path: '/api/lookups',
          headers: { authorization: `Bearer ${accessToken}` },
        },
        {
          method: 'GET',
          path: '/search/indexes/articles/docs?search=cholera&$top=50&$count=true&api-version=2024-07-01',
          headers: { 'api-key': queryKey },
        },
      ],
    },
    (error, result) => {
      if (error !== null && error !== undefined) {
        fail(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      finish({
        ok: result['2xx'],
        non2xx: result.non2xx,
        refused,
        failed: failed + result.timeouts,
        failures,
        perSecond: result['2xx'] / duration,
        p50: result.latency.p50,
        p99: result.latency.p99,
      });
    },
  );
  instance.on('reqError', (error: unknown) => {
    const code =
      typeof error === 'object' && error !== null && 'code' in error
        ? String(error.code)
        : String(error);
    if (code === 'ECONNREFUSED') refused++;
    else {
      failed++;
      failures.set(code, (failures.get(code) ?? 0) + 1);
    }
  });
  return { done };
}

/** Same work as `load`, through the load-balancer-like client. */
async function drainLoad(
  baseUrl: string,
  accessToken: string,
  queryKey: string,
  duration: number,
  followReadiness: boolean,
): Promise<Run> {
  const outcome = await runLoad({
    baseUrl,
    connections,
    durationMs: duration * 1000,
    ...(followReadiness ? { healthCheck: { path: '/readyz', intervalMs: 500 } } : {}),
    requests: [
      { method: 'GET', path: '/api/lookups', headers: { authorization: `Bearer ${accessToken}` } },
      {
        method: 'GET',
        path: '/search/indexes/articles/docs?search=cholera&$top=50&$count=true&api-version=2024-07-01',
        headers: { 'api-key': queryKey },
      },
    ],
  });
  const sorted = [...outcome.latenciesMs].sort((x, y) => x - y);
  const at = (q: number) => Math.round(sorted[Math.floor(q * (sorted.length - 1))] ?? 0);
  return {
    ok: outcome.ok,
    non2xx: outcome.non2xx,
    refused: outcome.refused,
    failed: outcome.failed,
    failures: new Map(outcome.failures),
    perSecond: outcome.ok / duration,
    p50: at(0.5),
    p99: at(0.99),
  };
}

const load1 = () => loadavg()[0]?.toFixed(1) ?? '?';

async function main(): Promise<void> {
  const adminUrl = process.env['DATABASE_URL'];
  if (!adminUrl) throw new Error('set DATABASE_URL (a PostgreSQL server; a database is made)');
  const dataDir = await mkdtemp(join(tmpdir(), 'ist-bench-two-'));
  const database = await createPostgresDatabase(adminUrl);
  const servers: ServerProcess[] = [];
  const rows: string[] = [];
  try {
    // Ports 5250 and 5251 unless BENCH_PORT says otherwise. Both servers have A's PUBLIC_URL, as
    // behind one load balancer: the issuer in a token is `${PUBLIC_URL}/oidc`, so with two
    // public URLs (as before) B refused A's tokens.
    const firstPort = Number(process.env['BENCH_PORT'] ?? 5250);
    const publicUrl = `http://127.0.0.1:${firstPort}`;
    let nextPort = firstPort;
    const env = async () => ({
      ...serverProcessEnv({ port: nextPort++, databaseUrl: database.url, dataDir }),
      PUBLIC_URL: publicUrl,
      // As operations.md advises behind a load balancer: for 2 s after SIGTERM every answer says
      // Connection: close, so no kept-alive connection is idle when the listener closes (with 0,
      // Node closed idle keep-alive sockets a client was writing its next request on: ECONNRESET).
      SHUTDOWN_DELAY_MS: process.env['BENCH_SHUTDOWN_DELAY_MS'] ?? '2000',
      SEARCH_ENGINE: 'memory',
      SEED_ARTICLES: process.env['BENCH_ARTICLES'] ?? '5000',
      SEED_ACTIVITIES: process.env['BENCH_ACTIVITIES'] ?? '100',
    });
    const loadBefore = load1();
    // A first, so it seeds; B then starts on the seeded database.
    servers.push(await startServerProcess(await env(), 600_000));
    servers.push(await startServerProcess(await env(), 600_000));
    const [a, b] = servers;
    if (a === undefined || b === undefined) throw new Error('servers did not start');
    // Each server's own address (their baseUrl is the shared PUBLIC_URL).
    const aUrl = publicUrl;
    const bUrl = `http://127.0.0.1:${firstPort + 1}`;
    for (const url of [aUrl, bUrl]) {
      for (let i = 0; i < 600 && (await fetch(`${url}/readyz`)).status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    const { accessToken } = await signIn(aUrl, 'analyst-amara');
    const queryKey = 'ist-embedded-search-query-key';

    const one = await load(aUrl, accessToken, queryKey, seconds).done;
    const [twoA, twoB] = await Promise.all([
      load(aUrl, accessToken, queryKey, seconds).done,
      load(bUrl, accessToken, queryKey, seconds).done,
    ]);
    const loadMid = load1();

    // The drain with a client that behaves as a load balancer (see tests/support/http-load.ts):
    // it honours Connection: close and stops sending to A once A's /readyz says 503.
    const drainA = drainLoad(aUrl, accessToken, queryKey, drainSeconds, true);
    const drainB = drainLoad(bUrl, accessToken, queryKey, drainSeconds, false);
    await new Promise((r) => setTimeout(r, (drainSeconds * 1000) / 2));
    const signalled = Date.now();
    a.child.kill('SIGTERM');
    const exitCode = await a.exited;
    const drainMs = Date.now() - signalled;
    const [ra, rb] = await Promise.all([drainA, drainB]);
    const loadAfter = load1();

    const describe = (r: Run) =>
      `${r.ok} | ${r.non2xx} | ${r.failed}${r.failures.size > 0 ? ` (${[...r.failures].map(([k, v]) => `${k} ${v}`).join(', ')})` : ''} | ${r.refused}`;
    rows.push(
      `Load average (1 min) before / between / after: ${loadBefore} / ${loadMid} / ${loadAfter}`,
      '',
      '| run | answered req/s | p50 / p99 ms |',
      '|---|---|---|',
      `| one server alone, ${seconds} s | ${one.perSecond.toFixed(0)} | ${one.p50} / ${one.p99} |`,
      `| two servers at once, ${seconds} s (sum; A + B) | ${(twoA.perSecond + twoB.perSecond).toFixed(0)} (${twoA.perSecond.toFixed(0)} + ${twoB.perSecond.toFixed(0)}) | A ${twoA.p50} / ${twoA.p99}, B ${twoB.p50} / ${twoB.p99} |`,
      '',
      `SIGTERM to A after ${drainSeconds / 2} s of ${drainSeconds}: A exited ${exitCode} after ${drainMs} ms.`,
      '',
      '| server | answered 2xx | non-2xx | failed (reset, time-out…) | refused after A stopped listening |',
      '|---|---|---|---|---|',
      `| A (drained) | ${describe(ra)} |`,
      `| B | ${describe(rb)} |`,
    );
    console.log(rows.join('\n'));
    if (ra.non2xx + ra.failed + rb.non2xx + rb.failed + rb.refused > 0 || exitCode !== 0) {
      process.exitCode = 1;
      console.error('FAILED: a request failed, or A did not exit 0');
    }
  } finally {
    await Promise.all(servers.map((s) => s.kill()));
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
