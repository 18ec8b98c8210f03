import type { FastifyPluginAsync } from 'fastify';
import { articleHost, domainCandidates } from '@domain/articles';
import { messages } from '@domain/messages';
import { clusterArticles, findArticle } from '../../db/repositories/articles';
import {
  articleExists,
  findDataSource,
  relatedReports,
  reportArticlesAt,
} from '../../db/repositories/articles-reports';
import { ApiError, badRequest } from '../errors';
import type { ArticleRouteDeps } from './route-helpers';
import { idParam, idSegment, paramOf, queryOf, requiredIdQuery } from './route-helpers';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (s: string) =>
  isoDate.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/**
 * Reads of the Articles API (answers are the shapes of src/domain/articles.ts):
 *
 * - GET /api/articles/{articleId}: ArticleDetail; 404 `{errors}` when unknown.
 * - GET /api/articles?clusterId=n: ArticleDetail[] of the cluster, newest inserted first.
 * - GET /api/articles/{articleId}/reports: RelatedReportRow[]; 404 when the article is unknown.
 * - GET /api/articles/dataSource?url=…: ArticleDataSource, the longest registered domain the
 *   URL's host (without 'www.') ends with; 400 without url or for a non-URL, 404 when unknown.
 * - GET /api/articles/{definitionId}/{locationId}/{reportedOn}?diseaseId: ReportArticle[],
 *   articles of the live reports of disease activity `definitionId` at that location on that
 *   date (YYYY-MM-DD); 404 when the activity is unknown.
 */
export const articleReadRoutes: FastifyPluginAsync<ArticleRouteDeps> = async (app, { db }) => {
  app.get('/articles', async (request) => {
    const clusterId = requiredIdQuery(request, 'clusterId');
    return clusterArticles(db, clusterId);
  });

  app.get('/articles/dataSource', async (request) => {
    const url = queryOf(request, 'url');
    if (url === undefined) throw badRequest([messages.requiredParameter('url')]);
    const host = articleHost(url);
    if (host === undefined) throw badRequest([messages.articleUrlInvalid]);
    const source = await findDataSource(db, domainCandidates(host));
    if (source === undefined) throw new ApiError(404, [messages.dataSourceNotFound(host)]);
    return source;
  });

  app.get(`/articles/:articleId${idSegment}`, async (request) => {
    const articleId = idParam(request, 'articleId');
    const article = await findArticle(db, articleId);
    if (article === undefined) throw new ApiError(404, [messages.articleNotFound(articleId)]);
    return article;
  });

  app.get(`/articles/:articleId${idSegment}/reports`, async (request) => {
    const articleId = idParam(request, 'articleId');
    if (!(await articleExists(db, articleId))) {
      throw new ApiError(404, [messages.articleNotFound(articleId)]);
    }
    return relatedReports(db, articleId);
  });

  app.get(
    `/articles/:definitionId${idSegment}/:locationId${idSegment}/:reportedOn`,
    async (request) => {
      const diseaseActivityId = idParam(request, 'definitionId');
      const locationId = idParam(request, 'locationId');
      const reportedOn = paramOf(request, 'reportedOn') ?? '';
      if (!isCalendarDate(reportedOn)) throw badRequest([messages.invalidDate('reportedOn')]);
      const diseaseId =
        queryOf(request, 'diseaseId') === undefined
          ? undefined
          : requiredIdQuery(request, 'diseaseId');
      const found = await reportArticlesAt(db, {
        diseaseActivityId,
        locationId,
        reportedOn,
        diseaseId,
      });
      if (found === undefined) {
        throw new ApiError(404, [messages.diseaseActivityNotFound(diseaseActivityId)]);
      }
      return found;
    },
  );
};
