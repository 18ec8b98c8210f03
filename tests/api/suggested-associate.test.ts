import { eq } from 'drizzle-orm';
import { Schema } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SuggestedActionList, SuggestedArticlesAssociated } from '@domain/suggested-actions';
import * as t from '@server/db/schema';
import type { TestServer } from '../support/test-server';
import { backends } from '../support/test-server';
import type { ArticleFixtures } from './articles-fixtures';
import { apiClient, startArticlesServer } from './articles-fixtures';

const decode = <A, I>(schema: Schema.Schema<A, I>) =>
  Schema.decodeUnknownSync(schema, { onExcessProperty: 'error' });

/** An analyst's article about Anthrax (disease 1) in Toronto: it supports Anthrax in Canada. */
const article = (n: number) => ({
  title: `Anthrax in Toronto cattle, report ${n}`,
  originalSourceURL: `https://news.example/anthrax-${n}`,
  sourceCategory: 2,
  sourceGroup: 2,
  sourcePriority: 2,
  diseaseId: 1,
  locationIds: [6167865],
});

describe.each(backends)('Associating suggested articles on %s', (backend) => {
  let server: TestServer;
  let fx: ArticleFixtures;
  let api: ReturnType<typeof apiClient>;
  let first = 0;
  let second = 0;
  const associate = (body: unknown, diseaseId = 1, countryId = 6251999) =>
    api('PUT', `/api/diseaseactivities/suggestedAction/associate/${diseaseId}/${countryId}`, {
      json: body,
    });
  const anthraxInCanada = async () =>
    decode(SuggestedActionList)(
      (await api('GET', '/api/diseaseactivities/suggestedActions?lastNDays=30')).body,
    ).find((s) => s.diseaseId === 1 && s.countryId === fx.place.canada);
  const linkedTo = async (reportId: number) =>
    (
      await server.db
        .select({ articleId: t.reportArticles.articleId })
        .from(t.reportArticles)
        .where(eq(t.reportArticles.reportId, reportId))
    )
      .map((r) => r.articleId)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    ({ server, fx, api } = await startArticlesServer(backend));
    for (const n of [1, 2]) {
      const res = await api('POST', '/api/articles', { json: article(n) });
      expect(res.status).toBe(201);
      const { articleId } = res.body as { articleId: number };
      if (n === 1) first = articleId;
      else second = articleId;
    }
  }, 180_000);
  afterAll(async () => {
    await server.close();
  });

  it('an added article supports a suggested update of the activity at once', async () => {
    const suggestion = await anthraxInCanada();
    expect(suggestion).toMatchObject({
      kind: 'NewSuggestedUpdate',
      activityId: fx.activityId,
      supportedArticles: 2,
    });
    expect([...(suggestion?.articleIds ?? [])].sort((a, b) => a - b)).toEqual([first, second]);
  });

  it('refuses bad bodies, foreign articles and a pair with no suggestion, linking nothing', async () => {
    const before = await linkedTo(fx.report.inactivityCommitted);
    expect((await associate(undefined)).status).toBe(400);
    const empty = await associate({ articleIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ errors: ['articleIds: at least one article is required'] });
    expect((await associate({ articleIds: ['7'] })).status).toBe(400);
    expect((await associate({ articleIds: [0] })).status).toBe(400);
    const foreign = await associate({ articleIds: [first, fx.article.anthrax] });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({
      errors: [`Article ${fx.article.anthrax} does not support this suggestion.`],
    });
    const none = await associate({ articleIds: [first] }, 2);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({
      errors: ['This suggestion is no longer open: it has been handled or has no articles.'],
    });
    expect((await associate({ articleIds: [first] }, 1, 0)).status).toBe(404);
    expect(await linkedTo(fx.report.inactivityCommitted)).toEqual(before);
    expect((await anthraxInCanada())?.supportedArticles).toBe(2);
  });

  it('links the chosen articles to the latest committed entry; they stop supporting it', async () => {
    const res = await associate({ articleIds: [first] });
    expect(res.status).toBe(200);
    // The fixtures' committed entries share one day and one commit: the last written of the
    // kinds that take articles is the check-in (auto-surveillance takes none).
    expect(decode(SuggestedArticlesAssociated)(res.body)).toEqual({
      diseaseActivityId: fx.activityId,
      countryId: fx.place.canada,
      reportId: fx.report.inactivityCommitted,
      type: 5,
      locationName: 'Canada',
      reportedOn: '2024-05-10',
      articleIds: [first],
    });
    expect(await linkedTo(fx.report.inactivityCommitted)).toEqual([first]);
    const after = await anthraxInCanada();
    expect(after).toMatchObject({ supportedArticles: 1, articleIds: [second] });

    // The article is now one the suggestion does not have.
    expect((await associate({ articleIds: [first] })).status).toBe(400);

    expect((await associate({ articleIds: [second] })).status).toBe(200);
    expect(await linkedTo(fx.report.inactivityCommitted)).toEqual([first, second]);
    expect(await anthraxInCanada()).toBeUndefined();
  });

  it('is refused without a token', async () => {
    const anonymous = apiClient(server.baseUrl, () => '');
    const res = await anonymous(
      'PUT',
      '/api/diseaseactivities/suggestedAction/associate/1/6251999',
      { json: { articleIds: [first] } },
    );
    expect(res.status).toBe(401);
  });
});
