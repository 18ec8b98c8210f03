import '@vitest/web-worker';
import * as Comlink from 'comlink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleSearchDocument } from '@domain/article-search/article-document';
import { defaultArticleFilters, type ArticleFilters } from '@domain/article-search/filters';
import type { ArticleSort } from '@domain/article-search/query';
import type { ArticleCursor } from '@domain/article-search/keyset';
import { Origin, ReadStatus } from '@domain/enums';
import {
  startRecordingApiServer,
  type RecordingApiServer,
} from '../tests/support/recording-api-server';
import { createTestIdentity } from '../tests/support/test-identity';
import { startTestServer, type TestServer } from '../tests/support/test-server';
import { createEngine } from './engine';
import type { ArticleSearchPage, EngineApi, EngineCallbacks } from './engine-contract';

/**
 * The article search client against the REAL embedded search service (buildApp on PGlite,
 * documents uploaded through docs/index with the api-key). The IST API side (POST /api/log/js)
 * is the recording server, so logged search errors can be read back.
 */

const blank: ArticleSearchDocument = {
  articleId: '',
  articleFeed: 10,
  articleTitle: null,
  publishedDate: null,
  insertedDate: null,
  articleType: 3,
  sourceUrl: null,
  sourceGroup: 'National news',
  sourcePriority: 'High',
  sourceCategory: 'Media',
  clusterId: null,
  isRead: false,
  isCompleted: false,
  isImportant: false,
  isChild: false,
  childrenCount: 0,
  originalLanguage: 'en',
  diseaseNames: [],
  locationNames: [],
  summary: null,
  isLinkedToActivity: false,
  createdBy: null,
  contextTagNames: [],
  suggestedContextTagNames: [],
  isCosmosDbArticle: false,
  articleBody: null,
  diseaseIds: [],
};
const may = (day: number) => `2024-05-0${day}T12:00:00Z`;
const doc = (id: string, day: number, fields: Partial<ArticleSearchDocument>) => ({
  ...blank,
  articleId: id,
  insertedDate: may(day),
  publishedDate: may(day),
  ...fields,
});

/** Types 3 unless said; '7' is spam and never found. */
const documents: ArticleSearchDocument[] = [
  doc('1', 1, {
    articleTitle: 'Cholera outbreak in Lusaka',
    publishedDate: '2024-04-30T12:00:00Z',
    diseaseIds: ['2'],
    diseaseNames: ['Cholera'],
    clusterId: 'c1',
    isLinkedToActivity: true,
    contextTagNames: ['Hospital'],
  }),
  doc('2', 2, {
    articleTitle: 'Ebola vaccine trial begins',
    diseaseIds: ['3'],
    diseaseNames: ['Ebola'],
    clusterId: 'c1',
    isChild: true,
    isRead: true,
    createdBy: 'Amara Okafor',
    sourceCategory: 'Government',
    suggestedContextTagNames: ['School'],
  }),
  doc('3', 3, {
    articleTitle: 'Cholera and Ebola vaccine campaign',
    diseaseIds: ['2', '3'],
    diseaseNames: ['Cholera', 'Ebola'],
    clusterId: 'c3',
    isCosmosDbArticle: true,
  }),
  doc('4', 4, {
    articleTitle: 'Measles cases in schools',
    diseaseIds: ['58'],
    diseaseNames: ['Measles'],
  }),
  doc('5', 5, {
    articleTitle: 'Yellow fever spreads',
    articleBody: 'Yellow fever in Brazil',
    diseaseIds: ['4'],
    diseaseNames: ['Yellow fever'],
  }),
  doc('6', 6, {
    articleTitle: 'Fever of unknown origin',
    articleBody: 'a fever, yellow jackets',
    diseaseIds: ['2', '58'],
    diseaseNames: ['Cholera', 'Measles'],
  }),
  doc('7', 8, { articleTitle: 'Cholera spam', articleType: 1, diseaseIds: ['2'] }),
  doc('8', 7, { articleTitle: 'Flood news' }),
];
const allFound = ['1', '2', '3', '4', '5', '6', '8'];

let server: TestServer;
let api: RecordingApiServer;
let engine: EngineApi;
let token: string;
const callbacks: EngineCallbacks = { onUnauthorized: () => undefined, onApiError: () => undefined };
const articleSearchUrl = () => `${server.baseUrl}/search/indexes/articles/docs`;

async function upload(docs: readonly ArticleSearchDocument[]): Promise<void> {
  const res = await fetch(
    `${server.baseUrl}/search/indexes/articles/docs/index?api-version=2024-07-01`,
    {
      method: 'POST',
      headers: { 'api-key': server.config.searchApiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ value: docs.map((d) => ({ '@search.action': 'upload', ...d })) }),
    },
  );
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  const issuer = await createTestIdentity();
  server = await startTestServer({ backend: 'pglite', identity: issuer.identity });
  const settings = (searchApiKey: string | null) => ({
    'GET /api/searchSettings': { status: 200, body: { searchApiKey } },
  });
  // 'ok' hands out the admin key (server-to-server, as a real Azure service's key would be);
  // 'bearer' hands out none, as the embedded service's API does: the token is sent instead.
  api = await startRecordingApiServer({
    ok: settings(server.config.searchApiKey),
    wrongKey: settings('wrong'),
    bearer: settings(null),
    noSettings: {},
  });
  token = await issuer.token();
  await upload(documents);
  engine = createEngine();
  await engine.init({ apiUrl: api.apiUrl('ok'), articleSearchUrl: articleSearchUrl() }, callbacks);
  await engine.setAccessToken(token);
});
afterAll(async () => {
  await api.close();
  await server.close();
});

const byDate: ArticleSort = { column: 'insertedDate', direction: 'desc' };
const search = (
  searchText: string,
  filters: Partial<ArticleFilters> = {},
  sort = byDate,
  after: ArticleCursor | null = null,
) =>
  engine.searchArticles({
    filters: { ...defaultArticleFilters, ...filters },
    searchText,
    sort,
    after,
  });
const idsOf = (page: ArticleSearchPage) =>
  page.rows.flatMap((g) => [g.parent.articleId, ...g.children.map((c) => c.articleId)]).sort();
const found = async (searchText: string, filters: Partial<ArticleFilters> = {}) => {
  const page = await search(searchText, filters);
  expect(page.error).toBe(false);
  expect(page.total).toBe(idsOf(page).length);
  return idsOf(page);
};

describe('keyword syntax against the embedded search service', () => {
  it.each([
    ['', allFound],
    ['cholera ebola', ['1', '2', '3', '6']],
    ['cholera +ebola', ['3']],
    ['cholera -vaccine', ['1', '6']],
    ['-vaccine', ['1', '4', '5', '6', '8']],
    ['-vaccine -cholera', ['4', '5', '8']],
    ['"yellow fever"', ['5']],
    ['yellow', ['5', '6']],
    ['fever -"yellow fever"', ['6']],
    ['chol', ['1', '3', '6']],
    ['EBOLA', ['2', '3']],
    ['+', allFound],
    ['"', allFound],
  ])('%j finds %j', async (text, expected) => {
    expect(await found(text)).toEqual(expected);
  });

  it('reports how the query was read', async () => {
    expect((await search('cholera ebola -vaccine')).reading).toBe(
      'Showing articles matching (cholera* OR ebola*) AND NOT vaccine*',
    );
  });
});

describe('filters against the embedded search service', () => {
  const rs = (unread: boolean, read: boolean) => [
    { id: ReadStatus.Unread, selected: unread },
    { id: ReadStatus.Read, selected: read },
  ];
  it.each<[string, Partial<ArticleFilters>, string[]]>([
    ['source category', { sourceCategory: ['Government'] }, ['2']],
    ['source group', { sourceGroup: ['National news', 'Other'] }, allFound],
    ['read only', { readStatus: rs(false, true) }, ['2']],
    ['unread only', { readStatus: rs(true, false) }, ['1', '3', '4', '5', '6', '8']],
    ['both read statuses', { readStatus: rs(true, true) }, allFound],
    ['linked to activity', { isLinkedToActivity: true }, ['1']],
    ['has context tag', { hasContextTag: true }, ['1']],
    ['has suggested context tag', { hasSuggestedContextTag: true }, ['2']],
    ['IST User', { createdBy: [Origin.IstUser] }, ['2']],
    ['OI System', { createdBy: [Origin.OiSystem] }, ['3']],
    ['Pubcrawler System', { createdBy: [Origin.PubcrawlerSystem] }, ['1', '4', '5', '6', '8']],
    ['IST User or OI System', { createdBy: [Origin.IstUser, Origin.OiSystem] }, ['2', '3']],
    ['article feed off', { isArticleFeed: false }, ['2', '3']],
    ['included diseases', { includedDiseases: [2] }, ['1', '3', '6']],
    ['excluded diseases', { excludedDiseases: [58] }, ['1', '2', '3', '5', '8']],
    // 6 has cholera (2) and measles (58): matching both, it stays; 4 only excluded, it goes.
    [
      'included and excluded',
      { includedDiseases: [2], excludedDiseases: [58] },
      ['1', '2', '3', '5', '6', '8'],
    ],
    ['inserted date range', { fromDate: '2024/05/02', toDate: '2024/05/04' }, ['2', '3', '4']],
    [
      'published date from',
      { dateMode: 'publishedDate', fromDate: '2024/05/01' },
      ['2', '3', '4', '5', '6', '8'],
    ],
    ['to date with a time', { toDate: '2024/05/01', toTime: '23:00' }, ['1']],
  ])('%s', async (_name, filters, expected) => {
    expect(await found('', filters)).toEqual(expected);
  });

  it('suggested mode: only the given articles, whatever the filters; the text still applies', async () => {
    const suggested = (searchText: string, articleIds: string[]) =>
      engine.searchArticles({
        filters: { ...defaultArticleFilters, isLinkedToActivity: true },
        searchText,
        sort: byDate,
        articleIds,
      });
    // 7 is spam: the article type filter stays on.
    expect(idsOf(await suggested('', ['5', '2', '7', '404']))).toEqual(['2', '5']);
    expect(idsOf(await suggested('yellow', ['5', '2']))).toEqual(['5']);
    expect((await suggested('', [])).total).toBe(0);
  });

  it('a search and filters together', async () => {
    expect(await found('cholera', { createdBy: [Origin.PubcrawlerSystem] })).toEqual(['1', '6']);
  });
});

describe('rows, sort and the other calls', () => {
  it('clusters the page: a cluster sits where its first article stands, under its parent', async () => {
    const page = await search('cholera ebola');
    expect(page.rows.map((g) => [g.parent.articleId, g.children.map((c) => c.articleId)])).toEqual([
      ['6', []],
      ['3', []],
      ['1', ['2']],
    ]);
  });

  it('sorts by the chosen column', async () => {
    const page = await search('', {}, { column: 'articleTitle', direction: 'asc' });
    expect(page.rows.map((g) => g.parent.articleTitle)).toEqual([
      'Cholera and Ebola vaccine campaign',
      'Cholera outbreak in Lusaka',
      'Fever of unknown origin',
      'Flood news',
      'Measles cases in schools',
      'Yellow fever spreads',
    ]);
  });

  it('articles by ids, one article, related articles', async () => {
    const byIds = await engine.getArticlesByIds(['3', '1', '999']);
    expect(byIds.error).toBe(false);
    expect(byIds.articles.map((a) => a.articleId).sort()).toEqual(['1', '3']);
    expect(await engine.getArticlesByIds([])).toEqual({ articles: [], error: false });

    const one = await engine.getSearchArticle('5');
    expect(one).toEqual({ article: documents[4], error: false });
    expect(await engine.getSearchArticle('999')).toEqual({ article: null, error: false });

    const related = await engine.getRelatedArticles('1', 'c1');
    expect(related.articles.map((a) => a.articleId)).toEqual(['2']);
  });

  it('the associated-articles search: title, id and disease ids, at most 10 (spec 001 §7)', async () => {
    const titles = await engine.searchArticlesToLink('cholera');
    expect(titles.error).toBe(false);
    // No index filters here: what an analyst links may be any article (spam '7' included).
    expect(titles.articles.map((a) => a.articleId).sort()).toEqual(['1', '3', '7']);
    const byId = await engine.searchArticlesToLink('5');
    expect(byId.articles.map((a) => a.articleId)).toContain('5');
    expect((await engine.searchArticlesToLink('')).articles.length).toBeLessThanOrEqual(10);
  });

  it('pages after the last row: 100 per page, the count from the page on, no overlap', async () => {
    const filler = Array.from({ length: 130 }, (_, i) =>
      doc(`f${String(i).padStart(3, '0')}`, 9, {
        articleTitle: `Filler ${String(i).padStart(3, '0')}`,
      }),
    );
    await upload(filler);
    const sort: ArticleSort = { column: 'articleTitle', direction: 'asc' };
    const first = await search('filler', {}, sort);
    const second = await search('filler', {}, sort, first.cursor);
    expect([first.total, second.total]).toEqual([130, 30]);
    expect([first.returned, second.returned]).toEqual([100, 30]);
    expect(first.cursor).toEqual(['Filler 099', '2024-05-09T12:00:00Z', 'f099']);
    const titles = [...first.rows, ...second.rows].map((g) => g.parent.articleTitle);
    expect(first.rows).toHaveLength(100);
    expect(second.rows).toHaveLength(30);
    expect(titles).toEqual(filler.map((f) => f.articleTitle));
  });
});

describe('the credentials come from GET /api/searchSettings, never from /config.json', () => {
  const searchOnce = (e: EngineApi) =>
    e.searchArticles({
      filters: defaultArticleFilters,
      searchText: 'ebola',
      sort: byDate,
    });

  it("no key handed out: the signed-in analyst's bearer token reads; settings asked once", async () => {
    const browser = createEngine();
    await browser.init(
      { apiUrl: api.apiUrl('bearer'), articleSearchUrl: articleSearchUrl() },
      callbacks,
    );
    await browser.setAccessToken(token);
    api.requests.length = 0;
    const page = await searchOnce(browser);
    expect(page.error).toBe(false);
    expect(page.total).toBe(2);
    expect((await browser.getSearchArticle('1')).article?.articleId).toBe('1');
    expect(api.requestsTo('bearer', '/api/searchSettings')).toHaveLength(1);
    expect(api.requestsTo('bearer', '/api/searchSettings')[0]?.authorization).toBe(
      `Bearer ${token}`,
    );
  });

  it('a search asked before the token arrives waits for it (the UI starts the engine first)', async () => {
    const browser = createEngine();
    await browser.init(
      { apiUrl: api.apiUrl('bearer'), articleSearchUrl: articleSearchUrl() },
      callbacks,
    );
    const early = searchOnce(browser);
    await browser.setAccessToken(token);
    expect((await early).total).toBe(2);
  });

  it('settings refused: an empty page with error, logged', async () => {
    const e = createEngine();
    await e.init(
      { apiUrl: api.apiUrl('noSettings'), articleSearchUrl: articleSearchUrl() },
      callbacks,
    );
    await e.setAccessToken(token);
    api.requests.length = 0;
    expect((await searchOnce(e)).error).toBe(true);
    expect(api.requestsTo('noSettings', '/api/log/js')).toHaveLength(1);
  });
});

describe('search service errors are logged and swallowed', () => {
  const logs = () =>
    [...api.requestsTo('ok', '/api/log/js'), ...api.requestsTo('wrongKey', '/api/log/js')].map(
      (r) => r.body,
    );

  it('a rejected key: an empty page with error, one log line', async () => {
    const broken = createEngine();
    await broken.init(
      { apiUrl: api.apiUrl('wrongKey'), articleSearchUrl: articleSearchUrl() },
      callbacks,
    );
    await broken.setAccessToken(token);
    api.requests.length = 0;
    const page = await broken.searchArticles({
      filters: defaultArticleFilters,
      searchText: 'cholera',
      sort: byDate,
    });
    expect(page).toEqual({
      rows: [],
      total: 0,
      reading: 'Showing articles matching cholera*',
      cursor: null,
      returned: 0,
      error: true,
    });
    expect(await broken.getArticlesByIds(['1'])).toEqual({ articles: [], error: true });
    expect(await broken.getSearchArticle('1')).toEqual({ article: null, error: true });
    expect(await broken.getRelatedArticles('1', 'c1')).toEqual({ articles: [], error: true });
    expect(logs()).toHaveLength(4);
    expect(logs()[0]).toEqual({
      logLevel: 'error',
      message: expect.stringMatching(
        /^Search error: GET \/search\/indexes\/articles\/docs answered 403: Authorization failed/,
      ) as unknown,
    });
  });

  it('an unreachable service and a malformed request', async () => {
    const broken = createEngine();
    await broken.init(
      { apiUrl: api.apiUrl('ok'), articleSearchUrl: 'http://127.0.0.1:1/docs' },
      callbacks,
    );
    await broken.setAccessToken(token);
    api.requests.length = 0;
    expect(
      (
        await broken.searchArticles({
          filters: defaultArticleFilters,
          searchText: '',
          sort: byDate,
        })
      ).error,
    ).toBe(true);
    const bad = {
      filters: { createdBy: ['Robot'] },
      searchText: '',
      sort: byDate,
    } as unknown;
    expect(
      (await engine.searchArticles(bad as Parameters<EngineApi['searchArticles']>[0])).error,
    ).toBe(true);
    expect(logs()).toHaveLength(2);
    expect(logs()[0]).toMatchObject({
      message: expect.stringContaining('GET /docs failed') as unknown,
    });
  });

  it('without a search URL the call rejects with a RequiredParameterError naming it', async () => {
    const bare = createEngine();
    await bare.init({ apiUrl: api.apiUrl('ok') }, callbacks);
    await expect(bare.getSearchArticle('1')).rejects.toMatchObject({
      _tag: 'RequiredParameterError',
      parameter: 'articleSearchUrl',
    });
  });
});

describe('through the real worker (Comlink)', () => {
  it('searches and clusters', async () => {
    const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' });
    const remote = Comlink.wrap<EngineApi>(worker);
    try {
      await remote.init(
        { apiUrl: api.apiUrl('ok'), articleSearchUrl: articleSearchUrl() },
        Comlink.proxy(callbacks),
      );
      await remote.setAccessToken(token);
      const page = await remote.searchArticles({
        filters: defaultArticleFilters,
        searchText: 'ebola',
        sort: byDate,
      });
      expect(page.total).toBe(2);
      expect(page.rows.map((g) => g.parent.articleId)).toEqual(['3', '2']);
      expect(page.reading).toBe('Showing articles matching ebola*');
    } finally {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    }
  });
});
