import { eq, inArray } from 'drizzle-orm';
import { Schema } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { RelatedReportRow, ReportArticle } from '@domain/articles';
import { EntryType } from '@domain/enums';
import { messages } from '@domain/messages';
import type { TestServer } from '../support/test-server';
import { backends } from '../support/test-server';
import type { ArticleFixtures } from './articles-fixtures';
import type { apiClient } from './articles-fixtures';
import { startArticlesServer } from './articles-fixtures';

describe.each(backends)('Articles and reports on %s', (backend) => {
  let server: TestServer;
  let fx: ArticleFixtures;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    ({ server, fx, api } = await startArticlesServer(backend));
  });
  afterAll(() => server.close());

  const linksOf = async (reportIds: number[]) =>
    (
      await server.db
        .select({ reportId: t.reportArticles.reportId, articleId: t.reportArticles.articleId })
        .from(t.reportArticles)
        .where(inArray(t.reportArticles.reportId, reportIds))
    )
      .map((r) => `${r.reportId}:${r.articleId}`)
      .sort();
  const isLinkedInIndex = async (articleId: number) => {
    const res = await fetch(
      `${server.baseUrl}/search/indexes/articles/docs('${articleId}')?api-version=2024-07-01`,
      { headers: { 'api-key': server.config.searchApiKey } },
    );
    return ((await res.json()) as { isLinkedToActivity: boolean }).isLinkedToActivity;
  };

  it('GET /api/articles/{articleId}/reports answers the related report rows', async () => {
    const res = await api('GET', `/api/articles/${fx.article.anthrax}/reports`);
    expect(res.status).toBe(200);
    const rows = Schema.decodeUnknownSync(Schema.Array(RelatedReportRow), {
      onExcessProperty: 'error',
    })(res.body);
    const common = {
      activityId: fx.activityId,
      countryId: fx.place.canada,
      diseaseName: 'Anthrax',
      countryName: 'Canada',
      reportedOn: '2024-05-10',
      commitDate: fx.commitDate.toISOString(),
    };
    expect(rows).toEqual([
      {
        ...common,
        reportId: fx.report.descriptionCommitted,
        entryType: EntryType.DESCRIPTION,
        locationName: 'Canada',
        // No updating user on the report: the collection's committer.
        updatedBy: 'AO',
      },
      {
        ...common,
        reportId: fx.report.caseCommitted,
        entryType: EntryType.CASE_DATA,
        locationName: 'Toronto, Ontario',
        updatedBy: 'AO',
      },
    ]);
    // Linked only to a deleted report.
    expect((await api('GET', `/api/articles/${fx.article.cholera}/reports`)).body).toEqual([]);
    expect(await api('GET', '/api/articles/999999/reports')).toMatchObject({
      status: 404,
      body: { errors: [messages.articleNotFound(999999)] },
    });
  });

  it('GET /api/articles/{definitionId}/{locationId}/{reportedOn} answers the linked articles', async () => {
    const path = `/api/articles/${fx.activityId}/${fx.place.toronto}/2024-05-10`;
    const res = await api('GET', path);
    expect(res.status).toBe(200);
    const list = Schema.decodeUnknownSync(Schema.Array(ReportArticle))(res.body);
    expect(list.map((a) => [a.articleId, a.reportIds, a.isDiseaseMatch])).toEqual([
      [fx.article.anthrax, [fx.report.caseCommitted], true],
    ]);
    const other = Schema.decodeUnknownSync(Schema.Array(ReportArticle))(
      (await api('GET', `${path}?diseaseId=2`)).body,
    );
    expect(other[0]?.isDiseaseMatch).toBe(false);
    expect(
      (await api('GET', `/api/articles/${fx.activityId}/${fx.place.toronto}/2024-05-11`)).body,
    ).toEqual([]);
    expect(await api('GET', `/api/articles/999999/${fx.place.toronto}/2024-05-10`)).toMatchObject({
      status: 404,
      body: { errors: [messages.diseaseActivityNotFound(999999)] },
    });
    expect(
      await api('GET', `/api/articles/${fx.activityId}/${fx.place.toronto}/2024-02-30`),
    ).toMatchObject({
      status: 400,
      body: { errors: [messages.invalidDate('reportedOn')] },
    });
    expect((await api('GET', `${path}?diseaseId=x`)).status).toBe(400);
  });

  describe('PUT /api/articles/link-existing-reports', () => {
    it('links articles to committed reports of each kind, adding to earlier links', async () => {
      const { report, article } = fx;
      expect(await isLinkedInIndex(article.cholera)).toBe(false);
      const res = await api('PUT', '/api/articles/link-existing-reports', {
        json: {
          cases: [{ reportId: report.caseCommitted, articleIds: [article.cholera] }],
          travellers: [{ reportId: report.travellerCommitted, articleIds: [article.cholera] }],
          descriptions: [
            {
              reportId: report.descriptionCommitted,
              articleIds: [article.anthrax, article.cholera],
            },
          ],
          inactivities: [{ reportId: report.inactivityCommitted, articleIds: [article.anthrax] }],
        },
      });
      expect(res.status).toBe(200);
      const byReport = (a: number, b: number) => (a < b ? [a, b] : [b, a]);
      expect(res.body).toEqual({
        reports: [
          {
            reportId: report.caseCommitted,
            articleIds: byReport(article.anthrax, article.cholera),
          },
          { reportId: report.travellerCommitted, articleIds: [article.cholera] },
          {
            reportId: report.descriptionCommitted,
            articleIds: byReport(article.anthrax, article.cholera),
          },
          { reportId: report.inactivityCommitted, articleIds: [article.anthrax] },
        ],
      });
      expect(await isLinkedInIndex(article.cholera)).toBe(true);
      const audits = await server.db
        .select()
        .from(t.auditLog)
        .where(eq(t.auditLog.entityId, String(report.travellerCommitted)));
      expect(audits).toMatchObject([{ action: 'link', entity: 'report' }]);
    });

    it('refuses the whole request with every reason, leaving earlier links intact', async () => {
      const { report, article } = fx;
      const all = Object.values(report);
      const before = await linksOf(all);
      const res = await api('PUT', '/api/articles/link-existing-reports', {
        json: {
          cases: [
            { reportId: report.caseCommitted, articleIds: [article.cosmos] },
            { reportId: report.autoSurveillance, articleIds: [article.anthrax] },
            { reportId: report.caseSaved, articleIds: [article.anthrax] },
            { reportId: report.descriptionCommitted, articleIds: [article.anthrax] },
          ],
          travellers: [{ reportId: 999999, articleIds: [888888] }],
        },
      });
      expect(res).toMatchObject({
        status: 400,
        body: {
          errors: [
            messages.autoSurveillanceReadOnly(report.autoSurveillance),
            messages.reportNotCommitted(report.caseSaved),
            messages.reportWrongType(report.descriptionCommitted, 'cases'),
            messages.reportNotFound(999999),
            messages.articleNotFound(888888),
          ],
        },
      });
      expect(await linksOf(all)).toEqual(before);
    });

    it('refuses empty, malformed and mistyped bodies', async () => {
      const put = (options: { json?: unknown; raw?: string }) =>
        api('PUT', '/api/articles/link-existing-reports', options);
      expect(await put({ json: {} })).toMatchObject({
        status: 400,
        body: { errors: [messages.linkNothing] },
      });
      expect((await put({ raw: '{"cases": [' })).status).toBe(400);
      const typed = await put({ json: { cases: [{ reportId: 'x', articleIds: [] }] } });
      expect(typed.status).toBe(400);
      expect((typed.body as { errors: string[] }).errors.length).toBeGreaterThanOrEqual(2);
    });
  });
});
