import type { FastifyPluginAsync } from 'fastify';
import {
  ArticleUpdate,
  CustomArticle,
  LinkExistingReports,
  validateArticleUpdate,
  validateCustomArticle,
} from '@domain/articles';
import { messages } from '@domain/messages';
import { findArticle } from '../../db/repositories/articles';
import { linkExistingReports } from '../../db/repositories/articles-reports';
import { createArticle, updateArticle } from '../../db/repositories/articles-write';
import { refreshSuggestionsOfArticles } from '../../db/repositories/suggested-associate';
import { currentUser } from '../current-user';
import { ApiError, badRequest } from '../errors';
import { decodeOr400 } from '../validate';
import type { ArticleRouteDeps } from './route-helpers';
import { idParam, idSegment, reindex } from './route-helpers';

/** The §5 messages first (word for word, all at once), then the schema's type checks. */
function decodeChecked<A, I>(
  schema: Parameters<typeof decodeOr400<A, I>>[0],
  validate: (input: unknown) => string[],
  body: unknown,
): A {
  if (body !== undefined && body !== null) {
    const problems = validate(body);
    if (problems.length > 0) throw badRequest(problems);
  }
  return decodeOr400(schema, body);
}

/**
 * Writes of the Articles API; each records an audit entry and reindexes what it touched
 * before answering:
 *
 * - POST /api/articles: CustomArticle → 201 `{ "articleId": n }` (an object, so the answer
 *   can grow), Location /api/articles/n. createdBy is the signed-in analyst.
 * - PUT /api/articles/{articleId}: ArticleUpdate (only the fields sent change) → 200 with the
 *   updated ArticleDetail; 404 when unknown; second-data-store articles take isRead only (400).
 * - PUT /api/articles/link-existing-reports: LinkExistingReports → 200 LinkedReports; all or
 *   nothing, every refused entry listed in one 400.
 */
export const articleWriteRoutes: FastifyPluginAsync<ArticleRouteDeps> = async (app, { db }) => {
  app.post('/articles', async (request, reply) => {
    const input = decodeChecked(CustomArticle, validateCustomArticle, request.body);
    const user = currentUser(request);
    const articleId = await createArticle(db, input, user.id);
    await reindex(request, db, [articleId]);
    // A disease-activity article naming a disease and places supports suggestions at once.
    await refreshSuggestionsOfArticles(db, [articleId]);
    return reply.code(201).header('location', `/api/articles/${articleId}`).send({ articleId });
  });

  app.put('/articles/link-existing-reports', async (request) => {
    const body = decodeOr400(LinkExistingReports, request.body);
    const user = currentUser(request);
    const result = await linkExistingReports(db, body, user.id);
    await reindex(request, db, result.articleIds);
    // Linked articles stop supporting the suggestions of their activity's disease and country.
    await refreshSuggestionsOfArticles(db, result.articleIds);
    return result.answer;
  });

  app.put(`/articles/:articleId${idSegment}`, async (request) => {
    const articleId = idParam(request, 'articleId');
    const update = decodeChecked(ArticleUpdate, validateArticleUpdate, request.body);
    if (Object.keys(update).length === 0) throw badRequest([messages.articleUpdateEmpty]);
    const user = currentUser(request);
    await updateArticle(db, articleId, update, user.id);
    await reindex(request, db, [articleId]);
    const article = await findArticle(db, articleId);
    if (article === undefined) throw new ApiError(404, [messages.articleNotFound(articleId)]);
    return article;
  });
};
