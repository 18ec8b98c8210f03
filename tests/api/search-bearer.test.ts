import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSearchFixtures } from '../support/search-fixtures';
import type { TestIdentity } from '../support/test-identity';
import { createTestIdentity, scopeWithoutApi } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';

/**
 * Issue 16: the browser reads the embedded search service with the analyst's bearer token
 * (checked as /api checks it), and with no public key: /config.json carries none.
 */
describe.each(backends)("the browser's search reads on %s", (backend) => {
  let server: TestServer;
  let issuer: TestIdentity;
  const url = (path: string) => `${server.baseUrl}/search/indexes${path}?api-version=2024-07-01`;
  const reads = [
    ['GET', '/articles/docs', undefined],
    ['GET', "('articles')/docs('2')", undefined],
    ['GET', '/articles/docs/$count', undefined],
    ['POST', '/articles/docs/search', { filter: "articleId eq '2'", count: true }],
    ['POST', "('articles')/docs/search.post.search", { search: 'cholera' }],
  ] as const;
  const send = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    fetch(url(path), {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    issuer = await createTestIdentity();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      prepare: insertSearchFixtures,
    });
  });
  afterAll(() => server.close());

  it('searches, looks up and counts with a bearer token and no api-key', async () => {
    const auth = { authorization: `Bearer ${await issuer.token()}` };
    for (const [method, path, body] of reads) {
      const res = await send(method, path, body, auth);
      expect(res.status, `${method} ${path}`).toBe(200);
    }
    const search = await send('POST', '/articles/docs/search', reads[3][2], auth);
    expect(((await search.json()) as { '@odata.count': number })['@odata.count']).toBe(1);
  });

  it('the key the browser used to get is not in /config.json, and nothing reads without a credential', async () => {
    const config = await (await fetch(`${server.baseUrl}/config.json`)).text();
    expect(config).not.toContain(server.config.searchQueryKey);
    expect(config).not.toContain(server.config.searchApiKey);
    for (const [method, path, body] of reads) {
      expect((await send(method, path, body, {})).status, `${method} ${path}`).toBe(403);
    }
  });

  it('refuses a forged, expired or API-scope-less token with 401 in Azure shape', async () => {
    for (const token of [
      await issuer.foreignToken(),
      await issuer.token({ expiresIn: -60 }),
      await issuer.token({ scope: scopeWithoutApi }),
      'not-a-jwt',
    ]) {
      const res = await send('GET', '/articles/docs', undefined, {
        authorization: `Bearer ${token}`,
      });
      expect(res.status).toBe(401);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error).toEqual({ code: '', message: expect.stringMatching(/bearer token/) });
    }
  });

  it('never writes with a token: docs/index answers 403', async () => {
    const auth = { authorization: `Bearer ${await issuer.token()}` };
    for (const path of ['/articles/docs/index', "('articles')/docs/search.index"]) {
      const res = await send(
        'POST',
        path,
        { value: [{ '@search.action': 'delete', articleId: '2' }] },
        auth,
      );
      expect(res.status, path).toBe(403);
    }
    expect((await send('GET', "('articles')/docs('2')", undefined, auth)).status).toBe(200);
  });

  it('keeps the api-key path (server-to-server, real Azure clients) beside the token', async () => {
    const res = await send('GET', '/articles/docs', undefined, {
      'api-key': server.config.searchQueryKey,
    });
    expect(res.status).toBe(200);
  });
});
