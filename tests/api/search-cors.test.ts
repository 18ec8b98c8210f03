import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { azureIndexOf, articlesIndex, locationsIndex } from '@server/search/index-definition';
import type { TestServer } from '../support/test-server';
import { backends } from '../support/test-server';
import { startArticlesServer } from './articles-fixtures';

/**
 * Issue 30: the embedded search service standing in for Azure AI Search answers CORS as Azure
 * does, from each index's corsOptions (set by PUT /indexes/{name}): a browser script on an
 * allowed origin may read the index (preflight and answer carry Access-Control-Allow-Origin);
 * any other origin, or an index without corsOptions, gets no allow header. Deleting an index IST
 * owns is refused.
 */

const allowed = 'https://ist-a.example:8443';
const stranger = 'https://evil.example';

describe.each(backends)(
  'CORS and index ownership on the embedded search service (%s)',
  (backend) => {
    let server: TestServer;
    let adminKey = '';
    let queryKey = '';

    beforeAll(async () => {
      ({ server } = await startArticlesServer(backend));
      adminKey = server.config.searchApiKey;
      queryKey = server.config.searchQueryKey;
    }, 120_000);
    afterAll(() => server?.close());

    const url = (path: string) => `${server.baseUrl}/search${path}?api-version=2024-07-01`;
    const put = (index: typeof articlesIndex, body: unknown, key = adminKey) =>
      fetch(url(`/indexes/${index.name}`), {
        method: 'PUT',
        headers: { 'api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const preflight = (path: string, origin: string, method = 'POST') =>
      fetch(url(path), {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': method,
          'access-control-request-headers': 'api-key,content-type',
        },
      });

    it('PUT /indexes/articles with corsOptions keeps them: GET answers them back', async () => {
      const response = await put(
        articlesIndex,
        azureIndexOf(articlesIndex, { allowedOrigins: [allowed], maxAgeInSeconds: 120 }),
      );
      expect(response.status).toBe(204);
      const definition = (await (
        await fetch(url('/indexes/articles'), { headers: { 'api-key': adminKey } })
      ).json()) as { corsOptions?: unknown };
      expect(definition.corsOptions).toEqual({ allowedOrigins: [allowed], maxAgeInSeconds: 120 });
    });

    it('answers a preflight from an allowed origin as Azure does', async () => {
      for (const path of [
        '/indexes/articles/docs/search',
        "/indexes('articles')/docs/search.post.search",
        '/indexes/articles/docs',
      ]) {
        const response = await preflight(path, allowed);
        expect(response.status, path).toBe(204);
        expect(response.headers.get('access-control-allow-origin')).toBe(allowed);
        expect(response.headers.get('access-control-allow-methods')).toContain('POST');
        expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
          'api-key',
        );
        expect(response.headers.get('access-control-max-age')).toBe('120');
      }
    });

    it('gives a preflight from a disallowed origin no allow header', async () => {
      const response = await preflight('/indexes/articles/docs/search', stranger);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.status).toBe(403);
      // Nor an index without corsOptions (Azure's default), even for the allowed origin.
      const locations = await preflight('/indexes/locations/docs', allowed, 'GET');
      expect(locations.headers.get('access-control-allow-origin')).toBeNull();
      // Nor a method the browser does not read with.
      const del = await preflight('/indexes/articles/docs/search', allowed, 'DELETE');
      expect(del.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('lets the allowed origin read the answer of a search; no other origin', async () => {
      const search = (origin: string) =>
        fetch(url('/indexes/articles/docs/search'), {
          method: 'POST',
          headers: { origin, 'api-key': queryKey, 'content-type': 'application/json' },
          body: JSON.stringify({ search: '*', top: 1 }),
        });
      const ok = await search(allowed);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe(allowed);
      expect(ok.headers.get('vary')).toContain('Origin');
      const other = await search(stranger);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      // An error answer reaches the allowed page too (it can say why).
      const denied = await fetch(url('/indexes/articles/docs'), { headers: { origin: allowed } });
      expect(denied.status).toBe(403);
      expect(denied.headers.get('access-control-allow-origin')).toBe(allowed);
    });

    it("'*' allows any origin; a PUT without corsOptions ends cross-origin access", async () => {
      expect(
        (await put(locationsIndex, azureIndexOf(locationsIndex, { allowedOrigins: ['*'] }))).status,
      ).toBe(204);
      const any = await preflight('/indexes/locations/docs', stranger, 'GET');
      expect(any.headers.get('access-control-allow-origin')).toBe(stranger);
      expect((await put(locationsIndex, azureIndexOf(locationsIndex))).status).toBe(204);
      // Another server would see it within its 5 s cache; this one forgets at once.
      const none = await preflight('/indexes/locations/docs', stranger, 'GET');
      expect(none.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('refuses corsOptions Azure would refuse, and a PUT with the query key', async () => {
      for (const corsOptions of [
        { allowedOrigins: [] },
        { allowedOrigins: ['not an origin'] },
        { allowedOrigins: ['https://a.example/path'] },
        { allowedOrigins: ['*', 'https://a.example'] },
        { allowedOrigins: [allowed], maxAgeInSeconds: -1 },
        { allowedOrigins: 'https://a.example' },
      ]) {
        const response = await put(articlesIndex, { ...azureIndexOf(articlesIndex), corsOptions });
        expect(response.status, JSON.stringify(corsOptions)).toBe(400);
      }
      const asReader = await put(
        articlesIndex,
        azureIndexOf(articlesIndex, { allowedOrigins: [stranger] }),
        queryKey,
      );
      expect(asReader.status).toBe(403);
      const still = await preflight('/indexes/articles/docs/search', allowed);
      expect(still.headers.get('access-control-allow-origin')).toBe(allowed);
    });

    it('refuses DELETE /indexes/articles even with the admin key: the documents stay (issue 30)', async () => {
      const count = async () =>
        Number(
          await (
            await fetch(url('/indexes/articles/docs/$count'), { headers: { 'api-key': adminKey } })
          ).text(),
        );
      const before = await count();
      expect(before).toBeGreaterThan(0);
      const response = await fetch(url('/indexes/articles'), {
        method: 'DELETE',
        headers: { 'api-key': adminKey },
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
        /belongs to IST/,
      );
      expect(await count()).toBe(before);
      const ready = (await (await fetch(`${server.baseUrl}/readyz`)).json()) as { ready: boolean };
      expect(ready.ready).toBe(true);
    });
  },
);
