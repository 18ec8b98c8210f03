import type { FastifyPluginAsync } from 'fastify';
import { ContextTagRequest, contextTagLinkId } from '@domain/articles';
import { messages } from '@domain/messages';
import { addContextTag, removeContextTag } from '../../db/repositories/articles-write';
import { currentUser } from '../current-user';
import { ApiError } from '../errors';
import { decodeOr400 } from '../validate';
import type { ArticleRouteDeps } from './route-helpers';
import { paramOf, parseId, reindex } from './route-helpers';

const linkIdPattern = /^(\d+)-(\d+)$/;

/**
 * Context tags on articles (the spec's path is 'contexTag', sic). Its body is not shown in the
 * spec; designed:
 *
 * - POST /api/articles/contexTag `{ "articleId": n, "contextTagId": m }` → 201 with the
 *   ArticleContextTag (`id` "n-m"), or 200 when the tag was already there; putting on a
 *   suggested tag accepts it. 404 unknown article, 400 unknown tag or read-only article.
 * - DELETE /api/articles/contexTag/{id}: `id` is that link id "n-m" → 204; 404 when the article
 *   does not carry the tag.
 */
export const articleContextTagRoutes: FastifyPluginAsync<ArticleRouteDeps> = async (
  app,
  { db },
) => {
  app.post('/articles/contexTag', async (request, reply) => {
    const body = decodeOr400(ContextTagRequest, request.body);
    const user = currentUser(request);
    const { created, displayName } = await addContextTag(db, body, user.id);
    if (created) await reindex(request, db, [body.articleId]);
    return reply.code(created ? 201 : 200).send({
      id: contextTagLinkId(body.articleId, body.contextTagId),
      articleId: body.articleId,
      contextTagId: body.contextTagId,
      displayName,
      suggested: false,
    });
  });

  app.delete('/articles/contexTag/:id', async (request, reply) => {
    const id = paramOf(request, 'id') ?? '';
    const match = linkIdPattern.exec(id);
    const articleId = parseId(match?.[1]);
    const contextTagId = parseId(match?.[2]);
    if (articleId === undefined || contextTagId === undefined) {
      throw new ApiError(404, [messages.contextTagLinkNotFound(id)]);
    }
    const user = currentUser(request);
    await removeContextTag(db, articleId, contextTagId, user.id);
    await reindex(request, db, [articleId]);
    return reply.code(204).send();
  });
};
