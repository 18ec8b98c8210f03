import { AzureKeyCredential, SearchClient } from '@azure/search-documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { articleSourcesQuery } from '@domain/article-source-search';
import { createArticleSourceSearch } from '@workers/article-source-search/article-source-search';
import { createSearchServiceSender } from '@workers/search-service';
import { insertLookupFixtures } from '../support/lookup-fixtures';
import { sdkSearch } from '../support/sdk-query';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';

interface SourceDocument {
  id: number;
  domain: string;
  sourceCategoryId: number;
  sourceCategory: string;
  sourceGroupId: number;
  sourceGroup: string;
  sourcePriorityId: number;
  sourcePriority: string;
}

/** The lookup fixtures' ids (tests/support/lookup-fixtures.ts). */
const official = { categoryId: 1, groupId: 1, priorityId: 1 };
const media = { categoryId: 2, groupId: 2, priorityId: 2 };

/** Twelve local papers 'daily-01.example' … 'daily-12.example', more than the top 10. */
const dailies = Array.from(
  { length: 12 },
  (_, i) => `daily-${String(i + 1).padStart(2, '0')}.example`,
);

/**
 * The article source search (spec 000 §7, §9 "top 10"; src/domain/article-source-search.ts)
 * sent by the official @azure/search-documents client to the embedded service's `feeds` index,
 * the index /config.json names: what the query means on an Azure index is what it answers here.
 */
describe.each(backends)('article source search through the SDK on %s', (backend) => {
  let server: TestServer;
  let client: SearchClient<SourceDocument>;

  beforeAll(async () => {
    const issuer = await createTestIdentity();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      prepare: async (db) => {
        await insertLookupFixtures(db);
        await db
          .insert(t.dataSources)
          .values([
            { domain: 'who.int', ...official },
            { domain: 'afro.who.int', ...official },
            { domain: 'emro.who.int', ...official },
            { domain: 'whonews.example', ...media },
            { domain: 'newswho.example', ...media },
            ...dailies.map((domain) => ({ domain, ...media })),
          ]);
      },
    });
    client = new SearchClient<SourceDocument>(
      `${server.baseUrl}/search`,
      'feeds',
      new AzureKeyCredential(server.config.searchQueryKey),
      { serviceVersion: '2024-07-01', allowInsecureConnection: true },
    );
  }, 240_000);
  afterAll(() => server.close());

  const domains = (found: readonly { domain: string }[]) => found.map((s) => s.domain);

  it('/config.json names the index the search is sent to', async () => {
    const config = (await (await fetch(`${server.baseUrl}/config.json`)).json()) as {
      feedsIndexUrl: string;
    };
    expect(config.feedsIndexUrl).toBe(`${server.baseUrl}/search/indexes/feeds/docs`);
  });

  it('a word matches the start of any label of the domain, by domain, with the names', async () => {
    const found = await sdkSearch(client, articleSourcesQuery('who'));
    expect(domains(found)).toEqual(['afro.who.int', 'emro.who.int', 'who.int', 'whonews.example']);
    expect(found[2]).toEqual({
      id: expect.any(Number) as number,
      domain: 'who.int',
      sourceCategoryId: 1,
      sourceCategory: 'Official',
      sourceGroupId: 1,
      sourceGroup: 'Ministry of Health',
      sourcePriorityId: 1,
      sourcePriority: 'High',
    });
  });

  it('every word typed is required', async () => {
    expect(domains(await sdkSearch(client, articleSourcesQuery('afro who')))).toEqual([
      'afro.who.int',
    ]);
    expect(await sdkSearch(client, articleSourcesQuery('afro daily'))).toEqual([]);
  });

  it('the top 10 (spec 000 §9), in domain order', async () => {
    expect(domains(await sdkSearch(client, articleSourcesQuery('daily')))).toEqual(
      dailies.slice(0, 10),
    );
  });

  it('a source registered after start is found at once: the index is a view of the table', async () => {
    await server.db.insert(t.dataSources).values({ domain: 'daily-00.example', ...media });
    expect(domains(await sdkSearch(client, articleSourcesQuery('daily'))).slice(0, 2)).toEqual([
      'daily-00.example',
      'daily-01.example',
    ]);
  });

  it('the worker client sends the same query and answers the sources', async () => {
    const send = createSearchServiceSender({
      url: () => `${server.baseUrl}/search/indexes/feeds/docs`,
      headers: () => Promise.resolve({ 'api-key': server.config.searchQueryKey }),
    });
    const search = createArticleSourceSearch(send, () => Promise.resolve());
    const answer = await search.searchArticleSources('Emro');
    expect(answer.error).toBe(false);
    expect(answer.sources.map((s) => [s.domain, s.sourceGroup])).toEqual([
      ['emro.who.int', 'Ministry of Health'],
    ]);
  });

  it('is read-only: docs/index is refused even with the admin key', async () => {
    const response = await fetch(
      `${server.baseUrl}/search/indexes/feeds/docs/index?api-version=2024-07-01`,
      {
        method: 'POST',
        headers: { 'api-key': server.config.searchApiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ value: [{ '@search.action': 'delete', key: '1' }] }),
      },
    );
    expect(response.status).toBe(403);
    expect(await client.getDocumentsCount()).toBe(5 + dailies.length + 1);
  });

  it('cannot be deleted: DELETE /indexes/feeds is refused even with the admin key', async () => {
    const before = await client.getDocumentsCount();
    const response = await fetch(`${server.baseUrl}/search/indexes/feeds?api-version=2024-07-01`, {
      method: 'DELETE',
      headers: { 'api-key': server.config.searchApiKey },
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /read-only/,
    );
    // With the query key it is refused as any index deletion is.
    const asReader = await fetch(`${server.baseUrl}/search/indexes/feeds?api-version=2024-07-01`, {
      method: 'DELETE',
      headers: { 'api-key': server.config.searchQueryKey },
    });
    expect(asReader.status).toBe(403);
    expect(await client.getDocumentsCount()).toBe(before);
  });

  it('the types index /config.json names has no index behind it: 404 in Azure shape', async () => {
    // Spec 000 §7 lists a "types index URL" in the configuration and never queries it (no
    // call, no fields): decision in docs/decisions/0019-no-types-index.md and docs/spec-conformance.md.
    const config = (await (await fetch(`${server.baseUrl}/config.json`)).json()) as {
      typesIndexUrl: string;
    };
    expect(config.typesIndexUrl).toBe(`${server.baseUrl}/search/indexes/types/docs`);
    const response = await fetch(`${config.typesIndexUrl}?api-version=2024-07-01&search=*`, {
      headers: { 'api-key': server.config.searchQueryKey },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: '', message: "The index 'types' was not found." },
    });
  });
});
