import { AzureKeyCredential, SearchClient } from '@azure/search-documents';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '@server/config';
import type { OpenDatabase } from '@server/db/client';
import { openDatabase } from '@server/db/client';
import { boundedCount } from '@server/search/count';
import { searchRoutes } from '@server/search/http';
import { createSearchService } from '@server/search/search-service';
import { insertSearchFixtures } from '../support/search-fixtures';
import { createTestIdentity } from '../support/test-identity';
import { freePort } from '../support/test-server';

const apiKey = 'count-test-key';

/**
 * The bounded count over HTTP: exact up to the bound, an estimate flagged
 * `@search.countIsApproximate` above it; the official client still reads the count.
 */
describe('bounded @odata.count (bound 3, six fixture documents)', () => {
  let database: OpenDatabase;
  let app: FastifyInstance;
  let baseUrl: string;
  const search = async (query: string) => {
    const res = await fetch(`${baseUrl}/search/indexes/articles/docs?${query}`, {
      headers: { 'api-key': apiKey },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };

  beforeAll(async () => {
    database = await openDatabase(loadServerConfig({ DATA_DIR: 'memory://' }));
    await database.migrate();
    await insertSearchFixtures(database.db);
    // The indexer analyzes after writing; the estimate needs statistics too.
    await database.db.execute('analyze search_articles');
    app = Fastify();
    await app.register(searchRoutes, {
      prefix: '/search',
      apiKey,
      queryKey: `${apiKey}-query`,
      identity: (await createTestIdentity()).identity,
      service: createSearchService({ db: database.db, count: boundedCount({ bound: 3 }) }),
    });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is exact and unflagged up to the bound', async () => {
    const body = await search("$count=true&$filter=articleId eq '1' or articleId eq '2'");
    expect(body['@odata.count']).toBe(2);
    expect(body).not.toHaveProperty('@search.countIsApproximate');
  });

  it('is an estimate above the bound, never below bound + 1, flagged approximate', async () => {
    const body = await search('$count=true&$top=0');
    expect(body['@search.countIsApproximate']).toBe(true);
    expect(body['@odata.count']).toBeGreaterThanOrEqual(4);
    expect(body['value']).toEqual([]);
  });

  it('leaves the page alone and the official client reads the count', async () => {
    const client = new SearchClient<{ articleId: string }>(
      `${baseUrl}/search`,
      'articles',
      new AzureKeyCredential(apiKey),
      { serviceVersion: '2024-07-01', allowInsecureConnection: true },
    );
    const response = await client.search('*', { includeTotalCount: true, top: 2 });
    expect(response.count).toBeGreaterThanOrEqual(4);
    const keys: string[] = [];
    for await (const result of response.results) keys.push(result.document.articleId);
    expect(keys).toEqual(['1', '2']);
  });
});
