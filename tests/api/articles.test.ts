import { and, eq } from 'drizzle-orm';
import { Schema } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { ArticleDataSource, ArticleDetail } from '@domain/articles';
import { messages } from '@domain/messages';
import type { TestServer } from '../support/test-server';
import { backends } from '../support/test-server';
import type { ArticleFixtures } from './articles-fixtures';
import type { apiClient } from './articles-fixtures';
import { startArticlesServer } from './articles-fixtures';

const decodeDetail = Schema.decodeUnknownSync(ArticleDetail, { onExcessProperty: 'error' });

/** Every §5 message, in the table's order. */
const allMessages = [
  'Article title is required',
  'Article URL is required',
  'Feed type is required',
  'Source sub-category is required',
  'Source category is required',
  'Source priority is required',
  'Content type is required',
];

const validArticle = {
  title: 'Quokkapox reported in Toronto',
  originalSourceURL: 'https://www.afro.who.int/news/quokkapox',
  sourceCategory: 1,
  sourceGroup: 1,
  sourcePriority: 2,
  diseaseId: 1,
  locationIds: [6167865, 6093943],
};

describe.each(backends)('Articles API on %s', (backend) => {
  let server: TestServer;
  let fx: ArticleFixtures;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    ({ server, fx, api } = await startArticlesServer(backend));
  });
  afterAll(() => server.close());

  const searchDocs = async (search: string) => {
    const url = new URL(`${server.baseUrl}/search/indexes/articles/docs`);
    url.search = new URLSearchParams({ 'api-version': '2024-07-01', search }).toString();
    const res = await fetch(url, { headers: { 'api-key': server.config.searchApiKey } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { value: Record<string, unknown>[] }).value;
  };
  const articleRow = async (articleId: number) =>
    (await server.db.select().from(t.articles).where(eq(t.articles.articleId, articleId)))[0];

  describe('POST /api/articles', () => {
    it('creates the article with its links, answers 201 { articleId }, and indexes it', async () => {
      const res = await api('POST', '/api/articles', { json: validArticle });
      expect(res.status).toBe(201);
      const { articleId } = res.body as { articleId: number };
      expect(Number.isInteger(articleId)).toBe(true);
      expect(res.headers.get('location')).toBe(`/api/articles/${articleId}`);

      const got = await api('GET', `/api/articles/${articleId}`);
      expect(got.status).toBe(200);
      const detail = decodeDetail(got.body);
      expect(detail).toMatchObject({
        articleId,
        title: validArticle.title,
        originalSourceURL: validArticle.originalSourceURL,
        feedId: 10,
        feedName: 'NewsMedia',
        hamTypeId: 3,
        sourceCategory: 1,
        sourceCategoryName: 'Official',
        sourceGroup: 1,
        sourceGroupName: 'Ministry of Health',
        sourcePriority: 2,
        sourcePriorityName: 'Low',
        isRead: false,
        isCompleted: false,
        isImportant: false,
        isCosmosDbArticle: false,
        createdBy: 'Ada Analyst',
        isLinkedToActivity: false,
        diseaseId: 1,
        diseases: [{ diseaseId: 1, displayName: 'Anthrax' }],
        locations: [
          { locationId: 6093943, displayName: 'Ontario' },
          { locationId: 6167865, displayName: 'Toronto, Ontario' },
        ],
        contextTags: [],
      });
      expect(Date.now() - Date.parse(detail.insertedDate)).toBeLessThan(60_000);
      // A custom article is published when it is inserted (docs/decisions/0032-custom-article-published-date.md).
      expect(detail.publishedDate).toBe(detail.insertedDate);

      const docs = await searchDocs('Quokkapox');
      expect(docs.map((d) => d['articleId'])).toEqual([String(articleId)]);
      expect(docs[0]).toMatchObject({
        createdBy: 'Ada Analyst',
        diseaseNames: ['Anthrax'],
        sourceCategory: 'Official',
      });
      expect(Date.parse(String(docs[0]?.['publishedDate']))).toBe(Date.parse(detail.insertedDate));

      const [audit] = await server.db
        .select()
        .from(t.auditLog)
        .where(and(eq(t.auditLog.entity, 'article'), eq(t.auditLog.entityId, String(articleId))));
      expect(audit).toMatchObject({ action: 'create' });
      expect(audit?.userId).not.toBeNull();
    });

    it('answers every §5 message at once, in table order, and saves nothing', async () => {
      const before = (await server.db.select().from(t.articles)).length;
      const res = await api('POST', '/api/articles', {
        json: {
          title: ' ',
          originalSourceURL: '',
          feedId: null,
          hamTypeId: null,
          sourceGroup: null,
          sourceCategory: '',
        },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: allMessages });
      expect((await server.db.select().from(t.articles)).length).toBe(before);
    });

    it.each([
      ['title', { title: '' }, 'Article title is required'],
      ['originalSourceURL', { originalSourceURL: undefined }, 'Article URL is required'],
      [
        'originalSourceURL',
        { originalSourceURL: 'news dot com' },
        'Article URL must be formatted as a URL',
      ],
      ['feedId', { feedId: null }, 'Feed type is required'],
      ['sourceGroup', { sourceGroup: null }, 'Source sub-category is required'],
      ['sourceCategory', { sourceCategory: undefined }, 'Source category is required'],
      ['sourcePriority', { sourcePriority: '' }, 'Source priority is required'],
      ['hamTypeId', { hamTypeId: null }, 'Content type is required'],
    ])('%s alone: %j gives only its message', async (_field, change, message) => {
      const res = await api('POST', '/api/articles', { json: { ...validArticle, ...change } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [message] });
    });

    it('accepts http, https, ftp and file URLs', async () => {
      for (const url of ['http://a.example', 'ftp://files.example/x.txt', 'file:///tmp/a.html']) {
        const res = await api('POST', '/api/articles', {
          json: { ...validArticle, originalSourceURL: url, title: `URL kind ${url}` },
        });
        expect(res.status, url).toBe(201);
      }
    });

    it('answers 400 for bad JSON, a missing body, wrong types and unknown references', async () => {
      const bad = await api('POST', '/api/articles', { raw: '{"title": ' });
      expect(bad.status).toBe(400);
      expect((bad.body as { errors: string[] }).errors).toHaveLength(1);

      const none = await api('POST', '/api/articles');
      expect(none.status).toBe(400);

      const types = await api('POST', '/api/articles', {
        json: { ...validArticle, title: 42, isRead: 'yes', locationIds: ['x'] },
      });
      expect(types.status).toBe(400);
      const typeErrors = (types.body as { errors: string[] }).errors;
      expect(typeErrors.some((e) => e.startsWith('title:'))).toBe(true);
      expect(typeErrors.some((e) => e.startsWith('isRead:'))).toBe(true);
      expect(typeErrors.some((e) => e.startsWith('locationIds.0:'))).toBe(true);

      const refs = await api('POST', '/api/articles', {
        json: { ...validArticle, diseaseId: 99, locationIds: [1], sourceGroup: 2 },
      });
      expect(refs.status).toBe(400);
      expect(refs.body).toEqual({
        errors: [
          messages.unknownReference('disease', 99),
          messages.unknownReference('location', 1),
          messages.sourceGroupNotInCategory(2, 1),
        ],
      });
    });

    it('answers 401 without a token', async () => {
      const res = await fetch(`${server.baseUrl}/api/articles`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(validArticle),
      });
      expect(res.status).toBe(401);
    });
  });

  describe('GET /api/articles/{id} and ?clusterId', () => {
    it('answers a feed article with names, tags and report links', async () => {
      const res = await api('GET', `/api/articles/${fx.article.anthrax}`);
      expect(res.status).toBe(200);
      const detail = decodeDetail(res.body);
      expect(detail).toMatchObject({
        publishedDate: '2024-05-01T12:00:00.000Z',
        insertedDate: '2024-05-02T12:00:00.000Z',
        clusterId: 7,
        createdBy: null,
        isLinkedToActivity: true,
        body: '<p>Anthrax confirmed in cattle.</p>',
        locations: [{ locationId: fx.place.toronto, displayName: 'Toronto, Ontario' }],
      });
      expect(detail.contextTags).toEqual([
        {
          id: `${fx.article.anthrax}-1`,
          articleId: fx.article.anthrax,
          contextTagId: 1,
          displayName: 'Hospital',
          suggested: false,
        },
        {
          id: `${fx.article.anthrax}-2`,
          articleId: fx.article.anthrax,
          contextTagId: 2,
          displayName: 'School',
          suggested: true,
        },
      ]);
      // Linked only through a deleted report: not linked.
      const cholera = decodeDetail((await api('GET', `/api/articles/${fx.article.cholera}`)).body);
      expect(cholera.isLinkedToActivity).toBe(false);
    });

    it('answers 404 JSON for an unknown or out-of-range id, and never routes words to {id}', async () => {
      expect(await api('GET', '/api/articles/999999')).toMatchObject({
        status: 404,
        body: { errors: [messages.articleNotFound(999999)] },
      });
      expect((await api('GET', '/api/articles/99999999999')).status).toBe(404);
      const word = await api('GET', '/api/articles/abc');
      expect(word.status).toBe(404);
      expect(word.body).toEqual({ errors: ['Route GET:/api/articles/abc not found'] });
    });

    it('lists a cluster newest first; clusterId is required', async () => {
      const res = await api('GET', '/api/articles?clusterId=7');
      expect(res.status).toBe(200);
      const list = Schema.decodeUnknownSync(Schema.Array(ArticleDetail))(res.body);
      expect(list.map((a) => a.articleId)).toEqual([fx.article.cholera, fx.article.anthrax]);
      expect((await api('GET', '/api/articles?clusterId=12345')).body).toEqual([]);
      expect(await api('GET', '/api/articles')).toMatchObject({
        status: 400,
        body: { errors: ['Required parameter clusterId was null or undefined.'] },
      });
      expect((await api('GET', '/api/articles?clusterId=x')).status).toBe(400);
    });
  });

  describe('PUT /api/articles/{articleId}', () => {
    it('marks read and unread, answers the article, reindexes and audits', async () => {
      const id = fx.article.anthrax;
      const read = await api('PUT', `/api/articles/${id}`, { json: { isRead: true } });
      expect(read.status).toBe(200);
      expect(decodeDetail(read.body)).toMatchObject({ articleId: id, isRead: true });
      const [doc] = await searchDocs(`"Anthrax outbreak in cattle"`);
      expect(doc).toMatchObject({ articleId: String(id), isRead: true });

      const unread = await api('PUT', `/api/articles/${id}`, { json: { isRead: false } });
      expect(decodeDetail(unread.body).isRead).toBe(false);
      const audits = await server.db
        .select()
        .from(t.auditLog)
        .where(and(eq(t.auditLog.action, 'update'), eq(t.auditLog.entityId, String(id))));
      expect(audits.map((a) => a.detail)).toContainEqual({
        before: { isRead: true },
        after: { isRead: false },
      });
    });

    it('updates the payload fields; a new diseaseId replaces, null clears', async () => {
      const created = await api('POST', '/api/articles', {
        json: { ...validArticle, title: 'Before the edit' },
      });
      const { articleId } = created.body as { articleId: number };
      const res = await api('PUT', `/api/articles/${articleId}`, {
        json: {
          title: 'After the edit Wallabyfever',
          originalSourceURL: 'https://news.example/edited',
          feedId: 1,
          hamTypeId: 2,
          isCompleted: true,
          isImportant: true,
          diseaseId: 2,
        },
      });
      expect(res.status).toBe(200);
      expect(decodeDetail(res.body)).toMatchObject({
        title: 'After the edit Wallabyfever',
        originalSourceURL: 'https://news.example/edited',
        feedId: 1,
        hamTypeId: 2,
        isCompleted: true,
        isImportant: true,
        diseaseId: 2,
        diseases: [{ diseaseId: 2, displayName: 'Cholera' }],
      });
      expect((await searchDocs('Wallabyfever')).map((d) => d['articleId'])).toEqual([
        String(articleId),
      ]);
      const cleared = await api('PUT', `/api/articles/${articleId}`, { json: { diseaseId: null } });
      expect(decodeDetail(cleared.body).diseases).toEqual([]);
    });

    it('refuses a bad update with the messages and leaves the article unchanged', async () => {
      const id = fx.article.anthrax;
      const before = await articleRow(id);
      const res = await api('PUT', `/api/articles/${id}`, {
        json: { title: '', originalSourceURL: 'nope', feedId: null, hamTypeId: null },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        errors: [
          'Article title is required',
          'Article URL must be formatted as a URL',
          'Feed type is required',
          'Content type is required',
        ],
      });
      const types = await api('PUT', `/api/articles/${id}`, { json: { isRead: 'yes' } });
      expect(types.status).toBe(400);
      const refs = await api('PUT', `/api/articles/${id}`, {
        json: { title: 'Changed?', diseaseId: 404 },
      });
      expect(refs).toMatchObject({
        status: 400,
        body: { errors: [messages.unknownReference('disease', 404)] },
      });
      expect((await api('PUT', `/api/articles/${id}`, { raw: '{' })).status).toBe(400);
      expect(await api('PUT', `/api/articles/${id}`, { json: {} })).toMatchObject({
        status: 400,
        body: { errors: [messages.articleUpdateEmpty] },
      });
      expect(await articleRow(id)).toEqual(before);
    });

    it('answers 404 for an unknown article', async () => {
      expect(await api('PUT', '/api/articles/999999', { json: { isRead: true } })).toMatchObject({
        status: 404,
        body: { errors: [messages.articleNotFound(999999)] },
      });
    });

    it('lets a second-data-store article change isRead only', async () => {
      const id = fx.article.cosmos;
      const read = await api('PUT', `/api/articles/${id}`, { json: { isRead: true } });
      expect(read.status).toBe(200);
      const refused = await api('PUT', `/api/articles/${id}`, {
        json: { isRead: false, title: 'Edited' },
      });
      expect(refused).toMatchObject({
        status: 400,
        body: { errors: [messages.articleReadOnly(id)] },
      });
      expect(await articleRow(id)).toMatchObject({ isRead: true, title: 'Feed system report' });
    });
  });

  describe('GET /api/articles/dataSource', () => {
    it('matches the longest registered domain of the host, without www.', async () => {
      const lookup = async (url: string) =>
        api('GET', `/api/articles/dataSource?url=${encodeURIComponent(url)}`);
      const decode = Schema.decodeUnknownSync(ArticleDataSource);
      expect(decode((await lookup('https://www.afro.who.int/news/x')).body)).toEqual({
        domain: 'afro.who.int',
        sourceCategory: 1,
        sourceGroup: 1,
        sourcePriority: 2,
      });
      expect(decode((await lookup('http://emro.who.int/a?b=c')).body)).toMatchObject({
        domain: 'who.int',
        sourcePriority: 1,
      });
      expect(decode((await lookup('news.example/story')).body).domain).toBe('news.example');
      expect(await lookup('https://unknown.example/x')).toMatchObject({
        status: 404,
        body: { errors: [messages.dataSourceNotFound('unknown.example')] },
      });
      expect(await lookup('not a url')).toMatchObject({
        status: 400,
        body: { errors: ['Article URL must be formatted as a URL'] },
      });
      expect(await api('GET', '/api/articles/dataSource')).toMatchObject({
        status: 400,
        body: { errors: ['Required parameter url was null or undefined.'] },
      });
    });
  });

  describe('context tags', () => {
    it('adds, accepts a suggestion, deletes, and reindexes', async () => {
      const id = fx.article.anthrax;
      const tags = async () => (await searchDocs(`"Anthrax outbreak in cattle"`))[0];

      const accepted = await api('POST', '/api/articles/contexTag', {
        json: { articleId: id, contextTagId: 2 },
      });
      expect(accepted).toMatchObject({
        status: 201,
        body: { id: `${id}-2`, articleId: id, contextTagId: 2, displayName: 'School' },
      });
      expect(await tags()).toMatchObject({
        contextTagNames: ['Hospital', 'School'],
        suggestedContextTagNames: [],
      });
      const again = await api('POST', '/api/articles/contexTag', {
        json: { articleId: id, contextTagId: 2 },
      });
      expect(again.status).toBe(200);

      const removed = await api('DELETE', `/api/articles/contexTag/${id}-2`);
      expect(removed.status).toBe(204);
      expect(await tags()).toMatchObject({ contextTagNames: ['Hospital'] });
      expect(await api('DELETE', `/api/articles/contexTag/${id}-2`)).toMatchObject({
        status: 404,
        body: { errors: [messages.contextTagLinkNotFound(`${id}-2`)] },
      });
      expect((await api('DELETE', '/api/articles/contexTag/nonsense')).status).toBe(404);

      const audits = await server.db
        .select({ action: t.auditLog.action })
        .from(t.auditLog)
        .where(eq(t.auditLog.entityId, `${id}-2`));
      expect(audits.map((a) => a.action).sort()).toEqual(['accept', 'delete']);
    });

    it('refuses unknown articles and tags, read-only articles and bad bodies', async () => {
      const post = (json: unknown) => api('POST', '/api/articles/contexTag', { json });
      expect(await post({ articleId: 999999, contextTagId: 1 })).toMatchObject({
        status: 404,
        body: { errors: [messages.articleNotFound(999999)] },
      });
      expect(await post({ articleId: fx.article.cholera, contextTagId: 77 })).toMatchObject({
        status: 400,
        body: { errors: [messages.unknownReference('context tag', 77)] },
      });
      expect(await post({ articleId: fx.article.cosmos, contextTagId: 1 })).toMatchObject({
        status: 400,
        body: { errors: [messages.articleReadOnly(fx.article.cosmos)] },
      });
      expect((await post({ articleId: 'one' })).status).toBe(400);
    });
  });
});
