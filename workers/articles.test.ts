import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleDetail, RelatedReportRow } from '@domain/articles';
import type { CannedAnswer } from '../tests/support/recording-api-server';
import {
  startRecordingApiServer,
  type RecordingApiServer,
} from '../tests/support/recording-api-server';
import { createEngine } from './engine';

/** The Articles API calls of the engine against a real HTTP server (canned answers). */

const article: ArticleDetail = {
  articleId: 7,
  title: 'Cholera in Yemen',
  originalSourceURL: 'https://who.int/news/1',
  feedId: 10,
  feedName: 'NewsMedia',
  hamTypeId: 3,
  publishedDate: '2024-03-01T10:00:00.000Z',
  insertedDate: '2024-03-01T11:00:00.000Z',
  sourceCategory: 1,
  sourceCategoryName: 'Official',
  sourceGroup: 1,
  sourceGroupName: 'WHO',
  sourcePriority: 1,
  sourcePriorityName: 'High',
  clusterId: 3,
  isRead: false,
  isCompleted: false,
  isImportant: false,
  isChild: false,
  childrenCount: 0,
  originalLanguage: 'en',
  summary: null,
  body: '<p>Body</p>',
  isCosmosDbArticle: false,
  createdBy: null,
  isLinkedToActivity: true,
  diseaseId: null,
  diseases: [],
  locations: [],
  contextTags: [],
};

const report: RelatedReportRow = {
  reportId: 1,
  activityId: 2,
  countryId: 3,
  diseaseName: 'Cholera',
  countryName: 'Yemen',
  entryType: 0,
  locationName: 'Sanaa',
  reportedOn: '2024-03-01',
  commitDate: null,
  updatedBy: 'A',
};

const scenarios = {
  ok: {
    'GET /api/articles/7': { status: 200, body: article },
    'PUT /api/articles/7': { status: 200, body: { ...article, isRead: true } },
    'POST /api/articles': { status: 201, body: { articleId: 42 } },
    'GET /api/articles/dataSource': {
      status: 200,
      body: { domain: 'who.int', sourceCategory: 1, sourceGroup: 2, sourcePriority: 3 },
    },
    'GET /api/articles/7/reports': { status: 200, body: [report] },
    'GET /api/articles': { status: 200, body: [article] },
  },
  failing: {
    'GET /api/articles/7': { status: 500, body: { errors: ['boom'] } },
    'PUT /api/articles/7': { status: 500, body: { errors: ['boom'] } },
    'POST /api/articles': { status: 400, body: { errors: ['Article title is required'] } },
    'GET /api/articles/dataSource': {
      status: 404,
      body: { errors: ['No article source is registered for x.org.'] },
    },
  },
  unauthorized: { 'PUT /api/articles/7': { status: 401 } },
} satisfies Record<string, Record<string, CannedAnswer>>;

let server: RecordingApiServer;
beforeAll(async () => {
  server = await startRecordingApiServer(scenarios);
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

async function engineOn(scenario: keyof typeof scenarios | 'empty') {
  const engine = createEngine();
  const alerts: string[] = [];
  const signOuts: number[] = [];
  await engine.init(
    { apiUrl: server.apiUrl(scenario) },
    {
      onApiError: (text) => void alerts.push(text),
      onUnauthorized: () => void signOuts.push(1),
    },
  );
  await engine.setAccessToken('t');
  return { engine, alerts, signOuts };
}
const logsOf = (scenario: string) => server.requestsTo(scenario, '/api/log/js');

describe('articles API in the engine', () => {
  it('reads, updates, creates, looks up and lists', async () => {
    const { engine } = await engineOn('ok');
    expect(await engine.getArticle(7)).toEqual(article);
    expect(await engine.updateArticle(7, { isRead: true })).toMatchObject({ isRead: true });
    expect(server.requestsTo('ok', '/api/articles/7').at(-1)?.body).toEqual({ isRead: true });
    expect(
      await engine.createArticle({
        title: 't',
        originalSourceURL: 'https://who.int/a',
        feedId: 10,
        hamTypeId: 3,
        isRead: false,
        isCompleted: false,
        isImportant: false,
        locationIds: [],
        diseaseId: null,
        sourceGroup: 2,
        sourceCategory: 1,
        sourcePriority: 3,
      }),
    ).toEqual({ articleId: 42 });
    expect(await engine.lookupArticleSource('https://who.int/a?b=1')).toEqual({
      sourceCategory: 1,
      sourceGroup: 2,
      sourcePriority: 3,
    });
    expect(await engine.getArticleReports(7)).toEqual([report]);
    expect(await engine.getClusterArticles(3)).toEqual([article]);
    expect(logsOf('ok')).toHaveLength(0);
  });

  it('getArticle answers null on 404 without alert or log', async () => {
    const { engine, alerts } = await engineOn('empty');
    expect(await engine.getArticle(7)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alerts).toEqual([]);
    expect(logsOf('empty')).toHaveLength(0);
  });

  it('getArticle on 500 alerts, logs and rejects', async () => {
    const { engine, alerts } = await engineOn('failing');
    await expect(engine.getArticle(7)).rejects.toMatchObject({ _tag: 'ApiError', status: 500 });
    expect(alerts).toEqual(['IST Error: boom']);
    await expect.poll(() => logsOf('failing').length).toBe(1);
  });

  it('updateArticle failure is logged with no user message, and rejects', async () => {
    const { engine, alerts } = await engineOn('failing');
    await expect(engine.updateArticle(7, { isRead: true })).rejects.toMatchObject({
      status: 500,
    });
    await expect.poll(() => logsOf('failing').length).toBe(1);
    expect(logsOf('failing')[0]?.body).toEqual({
      logLevel: 'error',
      message: 'API error: PUT /failing/api/articles/7 answered 500: boom',
    });
    expect(alerts).toEqual([]);
  });

  it('updateArticle on 401 still signs out', async () => {
    const { engine, signOuts } = await engineOn('unauthorized');
    await expect(engine.updateArticle(7, { isRead: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(signOuts).toHaveLength(1);
  });

  it('createArticle on 400 shows the IST Error alert and rejects', async () => {
    const { engine, alerts } = await engineOn('failing');
    await expect(
      engine.createArticle({
        title: '',
        originalSourceURL: 'https://who.int/a',
        feedId: 10,
        hamTypeId: 3,
        isRead: false,
        isCompleted: false,
        isImportant: false,
        locationIds: [],
        diseaseId: null,
        sourceGroup: 2,
        sourceCategory: 1,
        sourcePriority: 3,
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(alerts).toEqual(['IST Error: Article title is required']);
  });

  it('lookupArticleSource answers null on failure, logged, no alert', async () => {
    const { engine, alerts } = await engineOn('failing');
    expect(await engine.lookupArticleSource('https://x.org/a')).toBeNull();
    await expect.poll(() => logsOf('failing').length).toBe(1);
    expect(alerts).toEqual([]);
  });

  it('a missing id is a required-parameter error naming it', async () => {
    const { engine } = await engineOn('ok');
    await expect(engine.getArticleReports(null as unknown as number)).rejects.toMatchObject({
      _tag: 'RequiredParameterError',
      parameter: 'articleId',
    });
  });
});
