import { sql } from 'drizzle-orm';
import { Schema } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedSourceList, PollResult } from '@domain/feeds/feed-sources-api';
import { SuggestedActionList, SuggestedReport } from '@domain/suggested-actions';
import { rowsOf } from '@server/db/rows';
import type { FeedItemSpec, FeedServer } from '../support/feed-server';
import { atom, rss2, startFeedServer } from '../support/feed-server';
import { createTestIdentity } from '../support/test-identity';
import type { TestServer } from '../support/test-server';
import { backends, startTestServer } from '../support/test-server';
import type { ArticleFixtures } from './articles-fixtures';
import { apiClient, insertArticleFixtures } from './articles-fixtures';

const decode = <A, I>(schema: Schema.Schema<A, I>) =>
  Schema.decodeUnknownSync(schema, { onExcessProperty: 'error' });
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

const choleraToronto: FeedItemSpec = {
  title: 'Cholera outbreak in Toronto: 12 new cases confirmed',
  url: 'https://who.example/news/cholera-toronto',
  text: 'Health officials in Toronto, Ontario confirmed 12 new cases of cholera linked to a hospital kitchen. Canada has not reported cholera since 2010; the outbreak is under investigation.',
  published: hoursAgo(5),
};
const anthraxOntario: FeedItemSpec = {
  title: 'Anthrax kills cattle on Ontario farm',
  url: 'https://who.example/news/anthrax-ontario',
  text: 'Veterinary services in Ontario, Canada confirmed anthrax on a farm where 3 deaths among cattle were reported this week.',
  published: hoursAgo(4),
};
const choleraRetold: FeedItemSpec = {
  title: 'Toronto hospital kitchen linked to 12 cholera cases, officials confirm',
  url: 'https://news.example/2026/toronto-cholera?utm_source=rss&utm_medium=feed',
  text: 'Officials in Toronto, Ontario confirmed 12 new cases of cholera linked to a hospital kitchen; the outbreak is under investigation and Canada has not reported cholera since 2010.',
  published: hoursAgo(3),
};
const choleraAgainUrl: FeedItemSpec = {
  ...choleraToronto,
  url: 'http://www.who.example/news/cholera-toronto/#top',
  title: 'Cholera outbreak in Toronto: 12 new cases confirmed (syndicated)',
};
const spam: FeedItemSpec = {
  title: 'Best casino bonus: buy now with a discount coupon',
  url: 'https://spam.example/casino',
  text: 'Click for the crypto giveaway and lottery deals.',
  published: hoursAgo(2),
};
const later: FeedItemSpec = {
  title: 'Cholera cases in Toronto climb to 20',
  url: 'https://who.example/news/cholera-toronto-20',
  text: 'Eight more cases of cholera were confirmed in Toronto, Ontario, bringing the total to 20 cases.',
  published: hoursAgo(1),
};

describe.each(backends)('Feed ingestion and suggested actions on %s', (backend) => {
  let server: TestServer;
  let feeds: FeedServer;
  let fx: ArticleFixtures | undefined;
  let api: ReturnType<typeof apiClient>;
  let anonymous: ReturnType<typeof apiClient>;
  let token = '';
  const sourceIds: Record<string, number> = {};

  beforeAll(async () => {
    feeds = await startFeedServer();
    const issuer = await createTestIdentity();
    server = await startTestServer({
      backend,
      identity: issuer.identity,
      env: { FEED_TIMEOUT_MS: '800' },
      prepare: async (db) => {
        fx = await insertArticleFixtures(db);
      },
    });
    token = await issuer.token();
    api = apiClient(server.baseUrl, () => token);
    anonymous = apiClient(server.baseUrl, () => 'not-a-token');
    feeds.document('/who.rss', rss2('WHO news', [choleraToronto, anthraxOntario]));
    feeds.document('/news.atom', atom('Daily news', [choleraRetold, choleraAgainUrl, spam]));
    feeds.document('/broken.rss', '<rss version="2.0"><channel><item><title>Cut off');
    feeds.hang('/slow.rss');
    feeds.status('/down.rss', 503);
  });
  afterAll(async () => {
    await server.close();
    await feeds.close();
  });
  const fixtures = () => {
    if (!fx) throw new Error('no fixtures');
    return fx;
  };

  const addSource = async (name: string, path: string, feedId = 10) => {
    const res = await api('POST', '/api/feedSources', {
      json: { name, feedId, url: `${feeds.baseUrl}${path}`, pollingIntervalSeconds: 60 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = (res.body as { id: number }).id;
    sourceIds[name] = id;
    return id;
  };
  const poll = async (name: string) => {
    const res = await api('POST', `/api/feedSources/${sourceIds[name]}/poll`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return decode(PollResult)(res.body);
  };
  const articleOf = async (url: string) => {
    const [row] = rowsOf(
      await server.db.execute(sql`
        select s.*, f.feed_source_id from feed_items f
        join search_articles s on s."articleId" = f.article_id::text
        where f.canonical_url = ${url}`),
    );
    return row;
  };

  it('refuses anonymous calls and bad sources with readable messages', async () => {
    expect((await anonymous('GET', '/api/feedSources')).status).toBe(401);
    const bad = await api('POST', '/api/feedSources', {
      json: { name: ' ', feedId: 99, url: 'ftp://x', pollingIntervalSeconds: 5 },
    });
    expect(bad.status).toBe(400);
    const text = JSON.stringify(bad.body);
    expect(text).toContain('Name is required');
    expect(text).toContain('URL must be an http or https address');
    expect(text).toContain('Polling interval must be between 60 and 604800 seconds');
    expect(text).not.toContain('Expected a string');
    const unknownFeed = await api('POST', '/api/feedSources', {
      json: { name: 'X', feedId: 99, url: 'https://x.example/feed' },
    });
    expect(unknownFeed.body).toEqual({ errors: ['Unknown feed 99.'] });
  });

  it('ingests an RSS 2.0 feed: new items arrive tagged, read-only, in the search index', async () => {
    await addSource('WHO', '/who.rss', 1);
    const first = await poll('WHO');
    expect(first).toMatchObject({ status: 'ok', added: 2, error: null });
    expect(first.source).toMatchObject({
      articlesToday: 2,
      lastError: null,
      consecutiveFailures: 0,
    });
    expect(first.source.lastSuccessAt).not.toBeNull();
    const cholera = await articleOf('who.example/news/cholera-toronto');
    expect(cholera).toMatchObject({
      articleFeed: 1,
      articleType: 3,
      isCosmosDbArticle: true,
      diseaseNames: ['Cholera'],
      isChild: false,
    });
    expect(cholera?.['locationNames']).toEqual(
      expect.arrayContaining(['Toronto, Ontario', 'Canada']),
    );
    expect(cholera?.['suggestedContextTagNames']).toEqual(['Hospital']);
    expect(String(cholera?.['summary'])).toContain('12 new cases');
    // Second-data-store articles are read-only through the API.
    const put = await api('PUT', `/api/articles/${String(cholera?.['articleId'])}`, {
      json: { title: 'changed' },
    });
    expect(put.status).toBe(400);
  });

  it('a repeated poll sends the validators, is answered 304 and adds nothing', async () => {
    const again = await poll('WHO');
    expect(again).toMatchObject({ status: 'not-modified', added: 0 });
    expect(feeds.hits.get('/who.rss')?.notModified).toBe(1);
  });

  it('ingests Atom; dedupes by canonical URL; clusters the same story across sources', async () => {
    await addSource('Daily news', '/news.atom');
    const result = await poll('Daily news');
    // Three entries: one is the WHO article again under another form of its URL.
    expect(result).toMatchObject({ status: 'ok', added: 2 });
    const parent = await articleOf('who.example/news/cholera-toronto');
    const retold = await articleOf('news.example/2026/toronto-cholera');
    expect(retold).toMatchObject({ isChild: true, clusterId: parent?.['articleId'] });
    expect((await articleOf('who.example/news/cholera-toronto'))?.['childrenCount']).toBe(1);
    expect(await articleOf('spam.example/casino')).toMatchObject({
      articleType: 1,
      diseaseNames: [],
    });
  });

  it('a changed feed adds only its new item', async () => {
    feeds.document('/who.rss', rss2('WHO news', [later, choleraToronto, anthraxOntario]));
    expect(await poll('WHO')).toMatchObject({ status: 'ok', added: 1 });
  });

  it('a broken, a hanging and a failing source are recorded and do not stop the others', async () => {
    await addSource('Broken', '/broken.rss');
    await addSource('Slow', '/slow.rss');
    await addSource('Down', '/down.rss');
    feeds.document('/who.rss', rss2('WHO news', [later, choleraToronto]));
    await server.db.execute(sql`update feed_sources set last_polled_at = null`);
    const started = Date.now();
    const res = await api('GET', '/api/feedSources');
    expect(res.status).toBe(200);
    // pollDue is what the job runs on its timer.
    const { FeedIngestion } = await import('@server/feeds/ingestion');
    const outcomes = await new FeedIngestion(server.db, { timeoutMs: 800 }).pollDue();
    expect(Date.now() - started).toBeLessThan(10_000);
    const byId = new Map(outcomes.map((o) => [o.sourceId, o]));
    expect(byId.get(sourceIds['WHO'] ?? 0)?.status).toBe('ok');
    expect(byId.get(sourceIds['Daily news'] ?? 0)?.status).toBe('not-modified');
    expect(byId.get(sourceIds['Broken'] ?? 0)).toMatchObject({ status: 'failed' });
    expect(byId.get(sourceIds['Slow'] ?? 0)).toMatchObject({
      status: 'failed',
      error: 'no answer within 0.8 s',
    });
    expect(byId.get(sourceIds['Down'] ?? 0)).toMatchObject({
      status: 'failed',
      error: 'HTTP 503 Service Unavailable',
    });
    const list = decode(FeedSourceList)((await api('GET', '/api/feedSources')).body);
    const broken = list.find((s) => s.name === 'Broken');
    expect(broken).toMatchObject({ consecutiveFailures: 1, lastSuccessAt: null, articlesToday: 0 });
    expect(broken?.lastError).toContain('broken XML at line 1');
    expect(list.find((s) => s.name === 'WHO')).toMatchObject({
      consecutiveFailures: 0,
      articlesToday: 3,
    });
  });

  it('suggests a new activity and an update, with supporting articles and suggested reports', async () => {
    const res = await api('GET', '/api/diseaseactivities/suggestedActions?lastNDays=30');
    expect(res.status).toBe(200);
    const items = decode(SuggestedActionList)(res.body);
    const cholera = items.find((i) => i.diseaseName === 'Cholera');
    expect(cholera).toMatchObject({
      kind: 'NewSuggestedActivity',
      isNewActivity: true,
      activityId: null,
      countryName: 'Canada',
      supportedArticles: 3,
      isActiveEvent: true,
      incomplete: false,
      isRead: false,
    });
    const anthrax = items.find((i) => i.diseaseName === 'Anthrax');
    expect(anthrax).toMatchObject({
      kind: 'NewSuggestedUpdate',
      isNewActivity: false,
      activityId: fixtures().activityId,
      supportedArticles: 1,
    });
    const report = cholera?.suggestedReports.find((r) => r.reportedCases === 20);
    expect(report).toMatchObject({ locationName: 'Toronto, Ontario', type: 0 });
    expect(cholera?.numPendingReports).toBe(cholera?.suggestedReports.length);

    const unread = decode(SuggestedActionList)(
      (await api('GET', '/api/diseaseactivities/suggestedActions/unread')).body,
    );
    expect(unread.map((i) => i.id).sort()).toEqual(items.map((i) => i.id).sort());
    const detail = await api(
      'GET',
      `/api/diseaseactivities/suggestedActions/${cholera?.diseaseId}/${cholera?.countryId}?lastNDays=30`,
    );
    expect(detail.status).toBe(200);
    expect(decode(SuggestedActionList)(detail.body)[0]?.articleIds).toHaveLength(3);
    const unreadAfter = decode(SuggestedActionList)(
      (await api('GET', '/api/diseaseactivities/suggestedActions/unread')).body,
    );
    expect(unreadAfter.map((i) => i.diseaseName)).toEqual(['Anthrax']);

    const one = await api('GET', `/api/diseaseactivities/suggestedReport/id?id=${report?.id}`);
    expect(decode(SuggestedReport)(one.body)).toMatchObject({ reportedCases: 20 });
    expect((await api('GET', '/api/diseaseactivities/suggestedReport/id')).body).toEqual({
      errors: ['Required parameter id was null or undefined.'],
    });
    expect(
      (await api('PUT', `/api/diseaseactivities/suggestedReport/quality/${report?.id}/1`)).status,
    ).toBe(204);
    const rated = await api('GET', `/api/diseaseactivities/suggestedReport/id?id=${report?.id}`);
    expect(rated.body).toMatchObject({ qualityReasonId: 1 });
  });

  it('a new-activity suggestion becomes a suggested update once its activity exists', async () => {
    const created = await api('POST', '/api/diseaseactivities', {
      json: {
        diseaseId: 2,
        countryId: fixtures().place.canada,
        speciesId: 1,
        riskModelId: 1,
        publiclyVisible: true,
        daysNeededForUpdate: 14,
        allowedDaysGap: 365,
        totalCountStartDate: '2026-01-01',
        reportingPeriodType: 'NewOutbreak',
        lastUpdatedBy: 'ignored',
      },
    });
    expect(created.status).toBe(201);
    const items = decode(SuggestedActionList)(
      (await api('GET', '/api/diseaseactivities/suggestedActions')).body,
    );
    expect(items.find((i) => i.diseaseName === 'Cholera')).toMatchObject({
      kind: 'NewSuggestedUpdate',
      isNewActivity: false,
      activityId: (created.body as { diseaseActivityId: number }).diseaseActivityId,
      supportedArticles: 3,
    });
  });

  it('feedback with a rejection reason closes a suggestion; unknown reasons are refused', async () => {
    const bad = await api(
      'PUT',
      `/api/diseaseactivities/suggestedAction/feedback/1/${fixtures().place.canada}/99`,
    );
    expect(bad).toMatchObject({ status: 400, body: { errors: ['Unknown rejection reason 99.'] } });
    const ok = await api(
      'PUT',
      `/api/diseaseactivities/suggestedAction/feedback/1/${fixtures().place.canada}/1`,
    );
    expect(ok.status).toBe(204);
    const items = decode(SuggestedActionList)(
      (await api('GET', '/api/diseaseactivities/suggestedActions')).body,
    );
    expect(items.map((i) => i.diseaseName)).toEqual(['Cholera']);
    const again = await api(
      'PUT',
      `/api/diseaseactivities/suggestedAction/feedback/1/${fixtures().place.canada}/1`,
    );
    expect(again.status).toBe(404);
  });

  it('a feed item with NUL (raw or &#0;) or a lone surrogate is stored cleaned; polling goes on', async () => {
    // Issue 16: PostgreSQL takes neither; the item is kept without them (NUL removed, a lone
    // surrogate as U+FFFD), where before the poll failed on PostgreSQL.
    const odd = (slug: string, title: string, text: string): FeedItemSpec => ({
      title,
      url: `https://odd.example/news/${slug}`,
      text,
      published: hoursAgo(1),
    });
    // rss2 escapes '&': '&#0;' reaches the parser as the HTML reference inside the text.
    feeds.document(
      '/odd.rss',
      rss2('Odd text', [
        odd('nul-raw', 'Flooding\u0000 closes roads in Toronto', 'Water\u0000 on the roads.'),
        odd('nul-reference', 'Flooding &#0; closes roads in Ottawa', 'Water &#0; everywhere.'),
        odd('surrogate', 'Flooding &#xD800; in Hamilton', 'Half &#xDFFF; a pair.'),
      ]),
    );
    await addSource('Odd', '/odd.rss', 1);
    const first = await poll('Odd');
    expect(first).toMatchObject({ status: 'ok', added: 3, error: null });
    const stored = async (slug: string) => {
      const row = await articleOf(`odd.example/news/${slug}`);
      return [row?.['articleTitle'], row?.['summary']];
    };
    expect(await stored('nul-raw')).toEqual([
      'Flooding closes roads in Toronto',
      'Water on the roads.',
    ]);
    // The parser decodes '&#0;' in the item's HTML as browsers do: U+FFFD, never a NUL.
    expect(await stored('nul-reference')).toEqual([
      'Flooding \uFFFD closes roads in Ottawa',
      'Water \uFFFD everywhere.',
    ]);
    expect(await stored('surrogate')).toEqual([
      'Flooding \uFFFD in Hamilton',
      'Half \uFFFD a pair.',
    ]);
    // The source stays healthy and is polled again like any other.
    expect((await poll('Odd')).status).not.toBe('failed');
    expect(first.source).toMatchObject({ lastError: null, consecutiveFailures: 0 });
  });
});
