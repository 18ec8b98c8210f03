import { AzureKeyCredential, SearchClient } from '@azure/search-documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSearchFixtures } from '../support/search-fixtures';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';

interface ArticleDocument {
  articleId: string;
  articleTitle?: string | null;
  articleType?: number | null;
  insertedDate?: string | Date | null;
  isRead?: boolean | null;
  isCosmosDbArticle?: boolean | null;
  diseaseNames?: string[];
}

/**
 * The official @azure/search-documents client against the embedded service: an api key over
 * plain http is allowed (only bearer tokens need TLS).
 */
describe.each(backends)('@azure/search-documents against the embedded service on %s', (backend) => {
  let server: TestServer;
  let client: SearchClient<ArticleDocument>;

  beforeAll(async () => {
    const issuer = await createTestIdentity();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      prepare: insertSearchFixtures,
    });
    client = new SearchClient<ArticleDocument>(
      `${server.baseUrl}/search`,
      'articles',
      new AzureKeyCredential(server.config.searchApiKey),
      // The SDK's pipeline refuses http:// unless told; an api key needs no TLS (a token would).
      { serviceVersion: '2024-07-01', allowInsecureConnection: true },
    );
  });
  afterAll(() => server.close());

  async function collect(
    searchText: string | undefined,
    options: Parameters<SearchClient<ArticleDocument>['search']>[1],
  ) {
    const response = await client.search(searchText, options);
    const documents: { score: number; document: Partial<ArticleDocument> }[] = [];
    for await (const result of response.results) {
      // SDK 13 leaves the wire's '@search.score' in the document beside `score`.
      const document = Object.fromEntries(
        Object.entries(result.document).filter(([k]) => !k.startsWith('@search.')),
      ) as Partial<ArticleDocument>;
      documents.push({ score: result.score, document });
    }
    return { count: response.count, documents };
  }

  it('search with filter, orderBy, select, top, skip and includeTotalCount', async () => {
    const { count, documents } = await collect('*', {
      filter: 'articleType eq 3',
      orderBy: ['insertedDate desc'],
      select: ['articleId', 'articleTitle'],
      top: 2,
      skip: 1,
      includeTotalCount: true,
    });
    expect(count).toBe(4);
    expect(documents.map((d) => d.document)).toEqual([
      { articleId: '4', articleTitle: 'Analyst note on cholera' },
      { articleId: '2', articleTitle: 'Cholera cases rise in Ottawa' },
    ]);
    expect(documents.every((d) => d.score === 1)).toBe(true);
  });

  it('search text ranks matches and honours searchFields', async () => {
    const { documents } = await collect('cholera', {
      searchFields: ['articleTitle'],
      select: ['articleId'],
    });
    expect(documents.map((d) => d.document.articleId).sort()).toEqual(['2', '4']);
    expect(documents.every((d) => d.score > 0)).toBe(true);
  });

  it('getDocument and getDocumentsCount', async () => {
    const document = await client.getDocument('2', { selectedFields: ['articleId', 'isRead'] });
    expect(document).toEqual({ articleId: '2', isRead: true });
    await expect(client.getDocument('404')).rejects.toMatchObject({ statusCode: 404 });
    expect(await client.getDocumentsCount()).toBe(6);
  });

  it('uploadDocuments and mergeDocuments, then the documents are found', async () => {
    const upload = await client.uploadDocuments([
      {
        articleId: 'cosmos-a',
        articleTitle: 'Uploaded from the feed store',
        articleType: 3,
        isCosmosDbArticle: true,
        insertedDate: '2024-07-01T08:00:00Z',
        diseaseNames: ['Cholera'],
      },
    ]);
    expect(upload.results).toEqual([
      { key: 'cosmos-a', succeeded: true, errorMessage: null, statusCode: 201 },
    ]);
    const merge = await client.mergeDocuments([{ articleId: 'cosmos-a', isRead: true }]);
    expect(merge.results[0]).toMatchObject({ key: 'cosmos-a', succeeded: true, statusCode: 200 });

    const { count, documents } = await collect(undefined, {
      filter: 'isCosmosDbArticle eq true and isRead eq true',
      select: ['articleId', 'articleTitle', 'isRead'],
      includeTotalCount: true,
    });
    expect(count).toBe(1);
    expect(documents[0]?.document).toEqual({
      articleId: 'cosmos-a',
      articleTitle: 'Uploaded from the feed store',
      isRead: true,
    });
    expect(await client.getDocumentsCount()).toBe(7);
    await client.deleteDocuments('articleId', ['cosmos-a']);
    expect(await client.getDocumentsCount()).toBe(6);
  });

  it('with the query key (server-to-server reads): reads, and every write is refused', async () => {
    const browserKey = server.config.searchQueryKey;
    expect(browserKey).not.toBe(server.config.searchApiKey);
    const reader = new SearchClient<ArticleDocument>(
      `${server.baseUrl}/search`,
      'articles',
      new AzureKeyCredential(browserKey),
      { serviceVersion: '2024-07-01', allowInsecureConnection: true },
    );
    expect(await reader.getDocumentsCount()).toBe(6);
    expect(await reader.getDocument('2', { selectedFields: ['articleId'] })).toEqual({
      articleId: '2',
    });
    const found = await reader.search('*', { filter: "articleId eq '2'", includeTotalCount: true });
    expect(found.count).toBe(1);
    // The second-store article uploaded with the admin key stays as it was.
    await client.uploadDocuments([
      { articleId: 'cosmos-ro', articleTitle: 'From the feed store', isCosmosDbArticle: true },
    ]);
    for (const write of [
      () => reader.uploadDocuments([{ articleId: 'cosmos-ro', articleTitle: 'Changed' }]),
      () => reader.mergeDocuments([{ articleId: 'cosmos-ro', isRead: true }]),
      () => reader.mergeOrUploadDocuments([{ articleId: 'browser-new', isRead: true }]),
      () => reader.deleteDocuments('articleId', ['cosmos-ro']),
    ]) {
      await expect(write()).rejects.toMatchObject({ statusCode: 403 });
    }
    expect(await client.getDocument('cosmos-ro')).toMatchObject({
      articleTitle: 'From the feed store',
      isRead: null,
    });
    await expect(client.getDocument('browser-new')).rejects.toMatchObject({ statusCode: 404 });
    await client.deleteDocuments('articleId', ['cosmos-ro']);
  });

  it('a partial batch failure comes back per item (207)', async () => {
    const result = await client.mergeDocuments([{ articleId: 'nowhere', isRead: true }], {
      throwOnAnyFailure: false,
    });
    expect(result.results[0]).toMatchObject({ key: 'nowhere', succeeded: false, statusCode: 404 });
  });
});
