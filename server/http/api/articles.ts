import type { FastifyPluginAsync } from 'fastify';
import type { ArticleRouteDeps } from './route-helpers';
import { articleContextTagRoutes } from './articles-context-tags';
import { articleReadRoutes } from './articles-read';
import { articleWriteRoutes } from './articles-write';

/**
 * The Articles API (spec 000 §7, spec 001 §7 "link articles to committed reports"). Article ids
 * in paths are digits only, so /articles/dataSource, /articles/contexTag and
 * /articles/link-existing-reports never reach an {articleId} route. Shapes: src/domain/articles.ts.
 */
export const articleRoutes: FastifyPluginAsync<ArticleRouteDeps> = async (app, deps) => {
  await app.register(articleReadRoutes, deps);
  await app.register(articleWriteRoutes, deps);
  await app.register(articleContextTagRoutes, deps);
};
