import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRuntimeConfig, RuntimeConfig } from '@domain/runtime-config';
import { internalErrorMessage } from '@server/http/errors';
import type { TestIdentity } from '../support/test-identity';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';

const indexHtml = '<!doctype html><title>IST</title><div id="root"></div>';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe.each(backends)('the app on %s', (backend) => {
  let server: TestServer;
  let issuer: TestIdentity;
  let auth: { authorization: string };
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'ist-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), indexHtml);
    await writeFile(join(dist, 'assets', 'main-abc123.js'), 'console.log("IST")');
    issuer = await createTestIdentity();
    server = await startTestServer({ backend, identity: issuer.identity, staticDir: dist });
    auth = { authorization: `Bearer ${await issuer.token()}` };
  });
  afterAll(async () => {
    await server.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('GET /config.json has every field, is never cached, and needs no token', async () => {
    const res = await fetch(`${server.baseUrl}/config.json?t=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    const config = decodeRuntimeConfig(body);
    expect(Object.keys(body).sort()).toEqual(Object.keys(RuntimeConfig.fields).sort());
    expect(config.apiUrl).toBe(`${server.baseUrl}/api`);
    expect(config.articleSearchUrl).toBe(`${server.baseUrl}/search/indexes/articles/docs`);
    expect(config.authBaseUrl).toBe('https://issuer.test');
    // No search key at all: the file is public (docs/decisions/0005-no-public-search-key.md).
    const text = JSON.stringify(body);
    expect(text).not.toContain(server.config.searchQueryKey);
    expect(text).not.toContain(server.config.searchApiKey);
    expect(body).not.toHaveProperty('searchApiKey');
  });

  it('GET /api/searchSettings: the embedded service takes the token, so no key; 401 without one', async () => {
    const res = await fetch(`${server.baseUrl}/api/searchSettings`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({ searchApiKey: null });
    expect((await fetch(`${server.baseUrl}/api/searchSettings`)).status).toBe(401);
  });

  it.each(['/api/no-such-thing', '/api/lookups/extra'])(
    'answers JSON 404 under /api with a token: %s',
    async (path) => {
      const res = await fetch(`${server.baseUrl}${path}`, { headers: auth });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ errors: [`Route GET:${path} not found`] });
    },
  );

  it('answers JSON 404 for a wrong method under /api', async () => {
    const res = await fetch(`${server.baseUrl}/api/lookups`, { method: 'DELETE', headers: auth });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ errors: ['Route DELETE:/api/lookups not found'] });
  });

  it.each(['/oidc/nothing', '/config.json/x'])(
    'answers JSON 404 on server paths even to browsers: %s',
    async (path) => {
      const res = await fetch(`${server.baseUrl}${path}`, { headers: html });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ errors: [`Route GET:${path} not found`] });
    },
  );

  it("answers the search service's paths in Azure's shape, never with the SPA", async () => {
    const withoutKey = await fetch(`${server.baseUrl}/search/nothing`, { headers: html });
    expect(withoutKey.status).toBe(403);
    const withKey = await fetch(`${server.baseUrl}/search/nothing`, {
      headers: { ...html, 'api-key': server.config.searchApiKey },
    });
    expect(withKey.status).toBe(404);
    expect(await withKey.json()).toMatchObject({ error: { code: '' } });
  });

  it.each(['/', '/activity', '/article/12345', '/activity/7/6252001'])(
    'serves index.html for the client route %s',
    async (path) => {
      const res = await fetch(`${server.baseUrl}${path}`, { headers: html });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(indexHtml);
    },
  );

  it('serves hashed assets with a long cache life', async () => {
    const res = await fetch(`${server.baseUrl}/assets/main-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("IST")');
  });

  it('answers 404, not index.html, for a missing asset', async () => {
    const res = await fetch(`${server.baseUrl}/assets/missing-1.js`, {
      headers: { accept: '*/*' },
    });
    expect(res.status).toBe(404);
  });
});

describe('the app without a build', () => {
  let server: TestServer;

  beforeAll(async () => {
    const issuer = await createTestIdentity();
    server = await startTestServer({ backend: 'pglite', identity: issuer.identity });
  });
  afterAll(() => server.close());

  it('answers client routes with a 503 saying to run npm run build', async () => {
    const res = await fetch(`${server.baseUrl}/activity`, { headers: html });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toContain('npm run build');
  });

  it('still serves /config.json', async () => {
    const res = await fetch(`${server.baseUrl}/config.json`);
    expect(res.status).toBe(200);
  });
});

describe.each(backends)('a failing query on %s', (backend) => {
  let server: TestServer;
  let issuer: TestIdentity;

  beforeAll(async () => {
    issuer = await createTestIdentity();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      // Break the lookups query on purpose to reach the 500 path.
      prepare: async (db) => {
        await db.execute(sql`drop table disease_species`);
      },
    });
  });
  afterAll(() => server.close());

  it('answers 500 with the errors list and no internals', async () => {
    const res = await fetch(`${server.baseUrl}/api/lookups`, {
      headers: { authorization: `Bearer ${await issuer.token()}` },
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ errors: [internalErrorMessage] });
    expect(text).not.toMatch(/disease_species|stack|at /);
  });
});
