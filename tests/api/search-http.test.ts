import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSearchFixtures } from '../support/search-fixtures';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';

/** The search service over raw HTTP: what Azure answers, byte for byte where it matters. */
describe.each(backends)('search service over HTTP on %s', (backend) => {
  let server: TestServer;
  let headers: Record<string, string>;
  const url = (path: string) => `${server.baseUrl}/search/indexes${path}`;
  const get = (path: string, init: RequestInit = {}) => fetch(url(path), { headers, ...init });
  const post = (path: string, body: unknown) =>
    fetch(url(path), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    const issuer = await createTestIdentity();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      prepare: insertSearchFixtures,
    });
    headers = { 'api-key': server.config.searchApiKey };
  });
  afterAll(() => server.close());

  it('answers 403 in Azure shape without an api-key or with a wrong one', async () => {
    for (const h of [{}, { 'api-key': 'wrong' }]) {
      const res = await fetch(url('/articles/docs?api-version=2024-07-01'), { headers: h });
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('');
      expect(body.error.message).toMatch(/api-key/);
    }
  });

  it('takes the query key for reads and answers docs/index with it 403 in Azure shape', async () => {
    const query = { 'api-key': server.config.searchQueryKey };
    for (const path of [
      '/articles/docs?api-version=2024-07-01&$count=true',
      "('articles')/docs('2')?api-version=2024-07-01",
      '/articles/docs/$count?api-version=2024-07-01',
    ]) {
      expect((await fetch(url(path), { headers: query })).status, path).toBe(200);
    }
    const search = await fetch(url('/articles/docs/search?api-version=2024-07-01'), {
      method: 'POST',
      headers: { ...query, 'content-type': 'application/json' },
      body: JSON.stringify({ filter: "articleId eq '2'", count: true }),
    });
    expect(search.status).toBe(200);
    for (const path of ['/articles/docs/index', "('articles')/docs/search.index"]) {
      const res = await fetch(url(`${path}?api-version=2024-07-01`), {
        method: 'POST',
        headers: { ...query, 'content-type': 'application/json' },
        body: JSON.stringify({ value: [{ '@search.action': 'delete', articleId: '2' }] }),
      });
      expect(res.status, path).toBe(403);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error).toEqual({ code: '', message: expect.stringMatching(/query key/) });
    }
    expect((await get("/articles/docs('2')")).status).toBe(200);
  });

  it('answers 404 in Azure shape for an unknown index, both path forms', async () => {
    for (const path of ['/nope/docs', "('nope')/docs", '/toString/docs']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: { code: '', message: expect.stringContaining('was not found') as unknown },
      });
    }
  });

  it('GET docs: default page, score 1 without search, typed fields, key order', async () => {
    const res = await get('/articles/docs?api-version=2024-07-01&$count=true');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { '@odata.count': number; value: Record<string, unknown>[] };
    expect(body['@odata.count']).toBe(6);
    expect(body.value.map((d) => d['articleId'])).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(body.value[0]).toMatchObject({
      '@search.score': 1,
      articleId: '1',
      articleFeed: 10,
      articleTitle: 'Anthrax outbreak in cattle near Toronto',
      publishedDate: '2024-05-01T12:30:05Z',
      insertedDate: '2024-05-02T12:30:05Z',
      articleType: 3,
      sourceUrl: 'https://news.example/1',
      sourceCategory: 'Media',
      sourceGroup: 'National news',
      sourcePriority: 'High',
      clusterId: '7',
      isRead: false,
      diseaseNames: ['Anthrax'],
      diseaseIds: ['1'],
      locationNames: ['Toronto, Ontario'],
      contextTagNames: ['Hospital'],
      suggestedContextTagNames: ['School'],
      isLinkedToActivity: false,
      createdBy: null,
      isCosmosDbArticle: false,
      articleBody: '<p>Anthrax confirmed in cattle.</p>',
    });
    expect(body.value.find((d) => d['articleId'] === '4')?.['createdBy']).toBe('Amara Okafor');
    expect(body.value.find((d) => d['articleId'] === '3')?.['publishedDate']).toBeNull();
  });

  it('GET docs: $orderby with nulls first ascending and last descending, $select, $top, $skip', async () => {
    const asc = await get(
      '/articles/docs?$orderby=publishedDate asc&$select=articleId,publishedDate',
    );
    const ascBody = (await asc.json()) as { value: Record<string, unknown>[] };
    expect(ascBody.value.map((d) => d['articleId'])).toEqual(['3', '1', '2', '4', '5', '6']);
    expect(Object.keys(ascBody.value[0] ?? {})).toEqual([
      '@search.score',
      'articleId',
      'publishedDate',
    ]);

    const desc = await get(
      '/articles/docs?$orderby=publishedDate desc&$select=articleId&$top=2&$skip=3',
    );
    const descBody = (await desc.json()) as { value: Record<string, unknown>[] };
    expect(descBody.value.map((d) => d['articleId'])).toEqual(['2', '1']);

    const multi = await get(
      '/articles/docs?$orderby=clusterId desc,insertedDate desc&$select=articleId',
    );
    const multiBody = (await multi.json()) as { value: Record<string, unknown>[] };
    expect(multiBody.value.map((d) => d['articleId'])).toEqual(['2', '1', '6', '5', '4', '3']);
  });

  it('$top=0 with $count answers the count only', async () => {
    const res = await get('/articles/docs?$top=0&$count=true');
    expect(await res.json()).toEqual({ '@odata.count': 6, value: [] });
  });

  it('POST docs/search and docs/search.post.search take the JSON body', async () => {
    for (const path of ['/articles/docs/search', "('articles')/docs/search.post.search"]) {
      const res = await post(`${path}?api-version=2025-09-01`, {
        orderby: 'insertedDate desc',
        select: 'articleId',
        top: 2,
        count: true,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        '@odata.count': 6,
        value: [
          { '@search.score': 1, articleId: '6' },
          { '@search.score': 1, articleId: '5' },
        ],
      });
    }
  });

  it('$top above 1,000 pages on with nextPageParameters (POST) and nextLink (GET)', async () => {
    // Six documents: no second page, so no continuation.
    const res = await post('/articles/docs/search', { top: 5000, select: 'articleId' });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body['@search.nextPageParameters']).toBeUndefined();
    expect((body['value'] as unknown[]).length).toBe(6);
  });

  it('400 in Azure shape for a bad $orderby, $select, $top, $skip, queryType', async () => {
    const cases: [string, RegExp][] = [
      [
        '$orderby=nope desc',
        /Could not find a property named 'nope'.*\r\nParameter name: \$orderby$/s,
      ],
      ['$orderby=summary', /not sortable.*\r\nParameter name: \$orderby$/s],
      ['$orderby=insertedDate sideways', /Expected 'asc' or 'desc'/],
      ['$orderby=diseaseNames', /not sortable/],
      [`$orderby=${Array.from({ length: 33 }, () => 'articleId').join(',')}`, /at most 32/],
      [
        '$select=articleId,nope',
        /Could not find a property named 'nope'.*\r\nParameter name: \$select$/s,
      ],
      ['$top=-1', /\$top/],
      ['$top=abc', /not a valid integer.*\r\nParameter name: \$top$/s],
      ['$skip=100001', /\$skip cannot be greater than 100000/],
      ['$count=maybe', /not a valid boolean/],
      ['queryType=full&search=a', /not supported/],
      ['searchMode=some', /searchMode/],
      ['searchFields=summary,articleFeed&search=a', /not searchable/],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/articles/docs?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('');
      expect(body.error.message, query).toMatch(message);
    }
    const res = await post('/articles/docs/search', { top: 'ten' });
    expect(res.status).toBe(400);
    const bad = await fetch(url('/articles/docs/search'), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBeTruthy();
  });

  it("GET docs('key') and docs/key, $select honoured, 404 when missing", async () => {
    const a = await get("/articles/docs('2')?$select=articleId,articleTitle");
    expect(a.status).toBe(200);
    expect(await a.json()).toEqual({
      articleId: '2',
      articleTitle: 'Cholera cases rise in Ottawa',
    });
    const b = await get("('articles')/docs/2?api-version=2024-07-01");
    expect(b.status).toBe(200);
    expect(((await b.json()) as Record<string, unknown>)['locationNames']).toEqual([
      'Ontario',
      'Ottawa, Ontario',
    ]);
    for (const path of ["/articles/docs('999')", '/articles/docs/999']) {
      const missing = await get(path);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('');
    }
  });

  it('GET docs/$count answers a bare number', async () => {
    for (const path of ['/articles/docs/$count', "('locations')/docs/%24count"]) {
      const res = await get(`${path}?api-version=2024-07-01`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toMatch(/^\d+$/);
    }
    expect(await (await get('/articles/docs/$count')).text()).toBe('6');
  });

  it('docs/index: upload 201, merge 200, 404 merge target missing → 207, delete 200', async () => {
    const first = await post('/articles/docs/index', {
      value: [
        {
          '@search.action': 'upload',
          articleId: 'cosmos-1',
          articleTitle: 'Second store',
          isCosmosDbArticle: true,
          insertedDate: '2024-06-01T00:00:00+02:00',
          diseaseNames: ['Cholera'],
        },
        { '@search.action': 'mergeOrUpload', articleId: 'cosmos-2', articleTitle: 'Another' },
      ],
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      value: [
        { key: 'cosmos-1', status: true, errorMessage: null, statusCode: 201 },
        { key: 'cosmos-2', status: true, errorMessage: null, statusCode: 201 },
      ],
    });
    const doc = (await (await get("/articles/docs('cosmos-1')")).json()) as Record<string, unknown>;
    expect(doc).toMatchObject({
      articleTitle: 'Second store',
      insertedDate: '2024-05-31T22:00:00Z',
      diseaseNames: ['Cholera'],
      locationNames: [],
      articleFeed: null,
    });

    const second = await post('/articles/docs/search.index', {
      value: [
        { '@search.action': 'merge', articleId: 'cosmos-1', isRead: true },
        { '@search.action': 'merge', articleId: 'missing', isRead: true },
        { '@search.action': 'upload', articleId: 'bad key!' },
        { '@search.action': 'delete', articleId: 'cosmos-2' },
      ],
    });
    expect(second.status).toBe(207);
    const results = (
      (await second.json()) as { value: { key: string; statusCode: number; status: boolean }[] }
    ).value;
    expect(results.map((r) => [r.key, r.statusCode, r.status])).toEqual([
      ['cosmos-1', 200, true],
      ['missing', 404, false],
      ['bad key!', 400, false],
      ['cosmos-2', 200, true],
    ]);
    const merged = (await (await get("/articles/docs('cosmos-1')")).json()) as Record<
      string,
      unknown
    >;
    expect(merged).toMatchObject({ isRead: true, articleTitle: 'Second store' });
    expect((await get("/articles/docs('cosmos-2')")).status).toBe(404);
    await post('/articles/docs/index', {
      value: [{ '@search.action': 'delete', articleId: 'cosmos-1' }],
    });
  });

  it('docs/index: a wrong field type, an unknown field or a missing key is a 400', async () => {
    const bodies = [
      { value: [{ articleId: 'x', articleFeed: 'ten' }] },
      { value: [{ articleId: 'x', insertedDate: '2024-06-01' }] },
      { value: [{ articleId: 'x', diseaseNames: 'Cholera' }] },
      { value: [{ articleId: 'x', nope: 1 }] },
      { value: [{ articleTitle: 'no key' }] },
      { value: [{ '@search.action': 'replace', articleId: 'x' }] },
      { value: Array.from({ length: 1001 }, (_, i) => ({ articleId: `k${i}` })) },
      { nothing: true },
    ];
    for (const body of bodies) {
      const res = await post('/articles/docs/index', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('');
    }
  });
});
