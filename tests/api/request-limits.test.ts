import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { setPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBoundsBroken, defaultJsonBounds } from '@server/http/json-bounds';
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
      // 450 KB: past /api/log/js's 64 KB, inside a custom article's 1 MB.
      [`${server.baseUrl}/api/articles`, wide],
      [searchUrl('/index'), wide],
    ] as const) {
      // An index batch with the admin key (a reader's is refused before its body is read).
      const headers = url.includes('/docs/index')
        ? { 'api-key': server.config.searchApiKey }
        : auth;
      const res = await postJson(url, body, headers);
      expect(res.status, url).toBe(400);
      const text = await res.text();
      // /api's bounds are tighter than the search service's (its admin batches).
      expect(text, url).toMatch(
        /nested deeper than 32 levels|more than (100000|20000) members|more than 20000 arrays/,
      );
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

  it('decides the search body limit from the route: a query string does not lift it', async () => {
    // The trick: the old check read "/docs/index" anywhere in the URL.
    for (const trick of ['&x=/docs/index', '&x=/docs/index?', '&x=%2Fdocs%2Findex']) {
      const res = await postJson(`${searchUrl('/search')}${trick}`, oneMegabyte);
      expect(res.status, trick).toBe(413);
    }
  });

  it("refuses a reader's index batch before reading a byte of its body", async () => {
    // The headers announce 15 MB and not one byte follows: an answer proves none was awaited.
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        searchUrl('/index'),
        {
          method: 'POST',
          headers: {
            ...auth,
            'content-type': 'application/json',
            'content-length': String(15 * 1024 * 1024),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          request.destroy();
        },
      );
      request.once('error', reject);
      request.flushHeaders();
    });
    expect(status).toBe(403);
  });

  it('gives each /api route the body limit that fits it', async () => {
    const sized = (bytes: number) => JSON.stringify({ message: 'x'.repeat(bytes) });
    // A log line: 64 KB. A custom article: 1 MB (413 past it; inside it the route's own 400).
    expect((await postJson(`${server.baseUrl}/api/log/js`, sized(100_000))).status).toBe(413);
    expect((await postJson(`${server.baseUrl}/api/articles`, sized(900_000))).status).toBe(400);
    expect((await postJson(`${server.baseUrl}/api/articles`, sized(1_100_000))).status).toBe(413);
    const interests = await fetch(`${server.baseUrl}/api/users/me/diseaseInterests`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ diseaseIds: new Array(40_000).fill(1) }),
    });
    expect(interests.status).toBe(413);
    // The 4.75 MB of 7.4 M numbers: past every /api limit. 300 KB of numbers: past
    // /api's values bound, refused before parsing.
    const numbers = (count: number) => {
      // In arrays of 10,000: under the members bound, so only the size or the values bound breaks.
      const arrays = Array.from(
        { length: Math.ceil(count / 10_000) },
        () => `[${'0,'.repeat(9_999)}0]`,
      );
      return `{"x":[${arrays.join(',')}]}`;
    };
    expect((await postJson(`${server.baseUrl}/api/articles`, numbers(2_370_000))).status).toBe(413);
    const many = await postJson(`${server.baseUrl}/api/articles`, numbers(150_000));
    expect(many.status).toBe(400);
    expect(await many.text()).toMatch(/more than 100000 values/);
  });

  it('rate-limits pages; /config.json and /oidc count in buckets of their own', async () => {
    let last = 0;
    const pages = ['/', '/activity', '/article/1'];
    for (let i = 0; i < 110 && last !== 429; i++) {
      last = (
        await fetch(`${server.baseUrl}${pages[i % pages.length] ?? '/'}`, {
          headers: { accept: 'text/html' },
        })
      ).status;
    }
    expect(last).toBe(429);
    for (const page of pages) {
      const res = await fetch(`${server.baseUrl}${page}`, { headers: { accept: 'text/html' } });
      expect(res.status, page).toBe(429);
      expect(res.headers.get('retry-after'), page).not.toBeNull();
    }
    // The pages' bucket is spent; sign-in's are not.
    expect((await fetch(`${server.baseUrl}/config.json`)).status).toBe(200);
    expect(
      (await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`)).status,
    ).not.toBe(429);
    // Without TRUST_PROXY a forwarded address is not believed: still this client's bucket.
    const forwarded = await fetch(`${server.baseUrl}/activity`, {
      headers: { accept: 'text/html', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.status).toBe(429);
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
    // Escaped quotes and backslashes: a string ends at a quote after an even run of backslashes.
    const shallow = { ...defaultJsonBounds, maxDepth: 3 };
    for (const text of ['{"a":"x\\\\"}', '{"a":"\\\\\\""}', '["\\\\\\"[[[[",1]']) {
      expect(JSON.parse(text)).toBeDefined();
      expect(jsonBoundsBroken(text, shallow), text).toBe(undefined);
    }
    for (const text of ['["\\\\",[[[]]]]', '["\\"",[[[]]]]']) {
      expect(jsonBoundsBroken(text, shallow), text).toMatch(/deeper than 3/);
    }
    expect(jsonBoundsBroken('[1,2,3,4,5]', { ...defaultJsonBounds, maxMembers: 4 })).toMatch(
      /more than 4 members/,
    );
    expect(jsonBoundsBroken('[[[]]]', { ...defaultJsonBounds, maxDepth: 2 })).toMatch(/deeper/);
    expect(jsonBoundsBroken('[[1,2],[3]]', { ...defaultJsonBounds, maxValues: 3 })).toBe(undefined);
    expect(jsonBoundsBroken('[[1,2],[3,4]]', { ...defaultJsonBounds, maxValues: 3 })).toMatch(
      /more than 3 values/,
    );
    expect(jsonBoundsBroken('[[],[],[]]', { ...defaultJsonBounds, maxContainers: 3 })).toMatch(
      /more than 3 arrays and objects/,
    );
  });
});

/** A PGlite server with the search fixtures, SQL searches and this cap; an analyst's header. */
async function startCappedSearchServer(maxConcurrent: number) {
  const issuer = await createTestIdentity();
  const server = await startTestServer({
    backend: 'pglite',
    identity: issuer.identity,
    prepare: insertSearchFixtures,
    env: { SEARCH_MAX_CONCURRENT: String(maxConcurrent), SEARCH_ENGINE: 'sql' },
  });
  return { server, auth: { authorization: `Bearer ${await issuer.token()}` } };
}

describe('busy: a cap on concurrent searches', () => {
  let server: TestServer;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ({ server, auth } = await startCappedSearchServer(1));
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

describe('busy on PGlite: the cap applies where searches run in the server thread (issue 30)', () => {
  let server: TestServer;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ({ server, auth } = await startCappedSearchServer(16));
  });
  afterAll(() => server.close());

  it('refuses the searches beyond the cap with 503 when 40 arrive at once, nothing held', async () => {
    // Nothing holds the database: PGlite runs each search in the server's thread, as in the
    // issue. The 40 clients are another process (this one is the server's), as they were.
    const url = `${server.baseUrl}/search/indexes/articles/docs?api-version=2024-07-01&search=cholera~&$count=true&$top=50`;
    const clients = spawn(
      process.execPath,
      [
        '-e',
        `const http = require('node:http');
        const { url, headers } = JSON.parse(process.argv[1]);
        const one = () => new Promise((resolve) => {
          http.get(url, { headers, agent: false }, (res) => {
            res.resume();
            res.once('end', () => resolve(res.statusCode + ' ' + (res.headers['retry-after'] ?? '')));
          }).once('error', (e) => resolve('error ' + e.message));
        });
        Promise.all(Array.from({ length: 40 }, one)).then((answers) => {
          process.stdout.write(JSON.stringify(answers) + '\\n');
        });`,
        JSON.stringify({ url, headers: auth }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    clients.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve) => clients.once('exit', () => resolve()));
    const answers = JSON.parse(output) as string[];
    const refused = answers.filter((a) => a === '503 1').length;
    const served = answers.filter((a) => a === '200 ').length;
    console.log(`40 searches at once on PGlite, cap 16: ${served} answered, ${refused} refused`);
    expect(served + refused).toBe(40);
    expect(served).toBeGreaterThanOrEqual(1);
    expect(refused).toBeGreaterThanOrEqual(1);
    // Once they are done, a search runs again.
    expect((await fetch(url, { headers: auth })).status).toBe(200);
  });
});

describe('rate limits behind a trusted proxy (TRUST_PROXY)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      backend: 'pglite',
      identity: (await createTestIdentity()).identity,
      env: { RATE_LIMIT_MAX: '20', RATE_LIMIT_WINDOW_MS: '60000', TRUST_PROXY: '127.0.0.1' },
    });
  });
  afterAll(() => server.close());

  it('counts each forwarded client on its own: one client spent does not block another', async () => {
    const from = (client: string) =>
      fetch(`${server.baseUrl}/config.json`, { headers: { 'x-forwarded-for': client } });
    let last = 0;
    for (let i = 0; i < 30 && last !== 429; i++) last = (await from('203.0.113.1')).status;
    expect(last).toBe(429);
    expect((await from('203.0.113.2')).status).toBe(200);
    expect((await from('203.0.113.1')).status).toBe(429);
  });
});
