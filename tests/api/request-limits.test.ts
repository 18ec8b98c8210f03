import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBoundsBroken, defaultJsonBounds } from '../../server/http/json-bounds';
import { insertSearchFixtures } from '../support/search-fixtures';
import type { TestIdentity } from '../support/test-identity';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';

/** Resolves once `ready()` holds (every 20 ms). */
async function waitFor(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Issue 16: bodies, structure, busy searches and unauthenticated floods have bounds. */
describe.each(backends)('request limits on %s', (backend) => {
  let server: TestServer;
  let issuer: TestIdentity;
  let auth: Record<string, string>;
  const searchUrl = (path: string) =>
    `${server.baseUrl}/search/indexes/articles/docs${path}?api-version=2024-07-01`;
  const postJson = (url: string, body: string, headers: Record<string, string> = auth) =>
    fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
  /** A 1 MB docs/search body: a million-element array, as the attack sent. */
  const oneMegabyte = `{"search":"*","filter":null,"x":[${'0,'.repeat(512 * 1024 - 1)}0]}`;

  beforeAll(async () => {
    issuer = await createTestIdentity();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      prepare: insertSearchFixtures,
      env: { RATE_LIMIT_MAX: '100', RATE_LIMIT_WINDOW_MS: '60000' },
    });
    auth = { authorization: `Bearer ${await issuer.token()}` };
  });
  afterAll(() => server.close());

  it('refuses a 1 MB search body with 413 in Azure shape, and keeps docs/index large', async () => {
    expect(oneMegabyte.length).toBeGreaterThanOrEqual(1024 * 1024);
    const times: number[] = [];
    let res = await postJson(searchUrl('/search'), oneMegabyte);
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      res = await postJson(searchUrl('/search'), oneMegabyte);
      expect(res.status).toBe(413);
      times.push(performance.now() - started);
    }
    // In milliseconds (the client's 1 MB write included), not after reading and parsing it.
    expect(Math.min(...times)).toBeLessThan(200);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.message).toMatch(/larger than 32768 bytes/);
    // A 1 MB batch is a batch: docs/index takes it (with the admin key).
    const documents = Array.from({ length: 300 }, (_, i) => ({
      '@search.action': 'upload',
      articleId: `big-${i}`,
      articleType: 3,
      articleTitle: 'x'.repeat(3500),
    }));
    const batch = JSON.stringify({ value: documents });
    expect(batch.length).toBeGreaterThan(1024 * 1024);
    const index = await postJson(searchUrl('/index'), batch, {
      'api-key': server.config.searchApiKey,
    });
    expect(index.status).toBe(200);
  });

  it('refuses a chunked (no length) oversized search body too', async () => {
    const chunks = [oneMegabyte.slice(0, 20_000), oneMegabyte.slice(20_000)];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
        controller.close();
      },
    });
    const res = await fetch(searchUrl('/search'), {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('answers an unknown docs/search member 400 as Azure does; known unimplemented ones pass', async () => {
    const res = await postJson(searchUrl('/search'), JSON.stringify({ search: '*', foo: 1 }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: '',
        message:
          "The request is invalid. Details: parameters : The property 'foo' does not exist on type 'Microsoft.Azure.Search.V2024_07_01.SearchRequest'. Make sure to only use property names that are defined by the type.",
      },
    });
    const known = await postJson(
      searchUrl('/search'),
      JSON.stringify({ search: '*', facets: [], highlight: 'articleTitle', top: 1 }),
    );
    expect(known.status).toBe(200);
  });

  it('refuses deep nesting and huge arrays with 400 before parsing, on /api as on /search', async () => {
    const deep = `{"search":${'['.repeat(40)}${']'.repeat(40)}}`;
    const wide = `{"value":[${'[],'.repeat(150_000)}[]]}`;
    for (const [url, body] of [
      [searchUrl('/search'), deep],
      [`${server.baseUrl}/api/log/js`, deep],
      [`${server.baseUrl}/api/log/js`, wide],
      [searchUrl('/index'), wide],
    ] as const) {
      const headers = url.endsWith('/index') ? { 'api-key': server.config.searchApiKey } : auth;
      const res = await postJson(url, body, headers);
      expect(res.status, url).toBe(400);
      const text = await res.text();
      expect(text, url).toMatch(/nested deeper than 32 levels|more than 100000 members/);
    }
  });

  /** The p95 of 40 sequential /config.json requests (the rate limit is 100 a minute). */
  const configP95 = async () => {
    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}/config.json`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    times.sort((a, b) => a - b);
    return times[Math.ceil(times.length * 0.95) - 1] ?? Infinity;
  };

  it('holds /config.json p95 under 100 ms during a burst of oversized searches', async () => {
    // Twelve clients send 1 MB searches back to back, as the attack did. They run in a process
    // of their own at the lowest CPU priority: an attacker's CPU is not the server's, and on one
    // 2-core machine the test must measure the server's work, not the competition with its own
    // client. The body is one buffer written as it is (node:http, no copy per request).
    const attackers = spawn(
      process.execPath,
      [
        '-e',
        `const http = require('node:http');
        const { url, headers: given } = JSON.parse(process.argv[1]);
        const body = Buffer.from('{"search":"*","x":[' + '0,'.repeat(512 * 1024) + '0]}');
        const headers = { ...given, 'content-length': String(body.length) };
        let stop = false, refused = 0, other = 0;
        process.stdin.on('data', () => { stop = true; });
        const once = () => new Promise((resolve) => {
          const request = http.request(url, { method: 'POST', headers, agent: false }, (res) => {
            if (res.statusCode === 413) refused++; else other++;
            res.resume();
            res.once('end', resolve);
            res.once('error', resolve);
          });
          // A reset while the body is still going out is the server closing early: refused too.
          request.once('error', () => { refused++; resolve(); });
          request.end(body);
        });
        const attack = async () => { while (!stop) await once(); };
        process.stdout.write('started\\n');
        Promise.all(Array.from({ length: 12 }, attack)).then(() => {
          process.stdout.write(JSON.stringify({ refused, other }) + '\\n');
          process.exit(0);
        });`,
        JSON.stringify({
          url: searchUrl('/search'),
          headers: { ...auth, 'content-type': 'application/json' },
        }),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    if (attackers.pid !== undefined) setPriority(attackers.pid, 19);
    let output = '';
    attackers.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => attackers.once('exit', () => resolve()));
    await waitFor(() => output.includes('started'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = performance.now();
    const during = await configP95();
    const seconds = (performance.now() - started) / 1000;
    attackers.stdin.end('stop\n');
    await exited;
    const { refused, other } = JSON.parse(output.split('\n')[1] ?? '{}') as {
      refused: number;
      other: number;
    };
    expect(other).toBe(0);
    expect(refused).toBeGreaterThan(12);
    // The attack this guards against held /config.json for 18 s. The bound: 100 ms.
    const quiet = await configP95();
    console.log(
      `/config.json p95: ${during.toFixed(1)} ms under attack (${Math.round(refused / seconds)} refused searches/s), ${quiet.toFixed(1)} ms after`,
    );
    expect(during).toBeLessThan(100);
  });

  it('rate-limits /config.json per client with 429; /api and /search are not', async () => {
    let last = 0;
    for (let i = 0; i < 110 && last !== 429; i++) {
      last = (await fetch(`${server.baseUrl}/config.json`)).status;
    }
    expect(last).toBe(429);
    const search = await fetch(searchUrl(''), { headers: auth });
    expect(search.status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/searchSettings`, { headers: auth })).status).toBe(
      200,
    );
  });
});

describe('the JSON bounds scan', () => {
  it('reads strings as strings: brackets and commas inside them do not count', () => {
    const text = JSON.stringify({ a: '[[[[,,,,"\\'.repeat(1000), b: [1, 2, 3] });
    expect(jsonBoundsBroken(text, { ...defaultJsonBounds, maxDepth: 2, maxMembers: 4 })).toBe(
      undefined,
    );
    expect(jsonBoundsBroken('[1,2,3,4]', { ...defaultJsonBounds, maxMembers: 4 })).toBe(undefined);
    expect(jsonBoundsBroken('[1,2,3,4,5]', { ...defaultJsonBounds, maxMembers: 4 })).toMatch(
      /more than 4 members/,
    );
    expect(jsonBoundsBroken('[[[]]]', { ...defaultJsonBounds, maxDepth: 2 })).toMatch(/deeper/);
    expect(jsonBoundsBroken('[[],[],[]]', { ...defaultJsonBounds, maxContainers: 3 })).toMatch(
      /more than 3 arrays and objects/,
    );
  });
});

describe('busy: a cap on concurrent searches', () => {
  let server: TestServer;
  let auth: Record<string, string>;
  beforeAll(async () => {
    const issuer = await createTestIdentity();
    server = await startTestServer({
      backend: 'pglite',
      identity: issuer.identity,
      prepare: insertSearchFixtures,
      env: { SEARCH_MAX_CONCURRENT: '1', SEARCH_ENGINE: 'sql' },
    });
    auth = { authorization: `Bearer ${await issuer.token()}` };
  });
  afterAll(() => server.close());

  it('answers 503 with Retry-After beyond the cap, and every search succeeds one at a time', async () => {
    // A transaction holds PGlite's one connection, so the first search waits in the database
    // while the others arrive.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = server.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
    });
    const one = () =>
      fetch(
        `${server.baseUrl}/search/indexes/articles/docs?api-version=2024-07-01&search=cholera&$count=true`,
        {
          headers: auth,
        },
      );
    const first = one();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rest = await Promise.all(Array.from({ length: 7 }, one));
    release();
    await holding;
    const answers = [await first, ...rest];
    expect(answers[0]?.status).toBe(200);
    const statuses = answers.map((r) => r.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    const busy = answers.find((r) => r.status === 503);
    expect(busy?.headers.get('retry-after')).toBe('1');
    expect(((await busy?.json()) as { error: { message: string } }).error.message).toMatch(/busy/);
    for (let i = 0; i < 3; i++) expect((await one()).status).toBe(200);
  });
});
