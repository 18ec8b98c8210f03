import { getEngine } from '@/app/engine';
import { buildPath } from '@/app/routes';
import { navigate } from '@/app/router';
import { openAddArticle } from '../add/add-article-store';
import type { ArticleSearchPage, ArticleSearchRequest } from '../../../../workers/engine-api';

/**
 * What the article index needs from outside its folder, in one place so the store is tested
 * with fakes.
 */
export interface ArticleIndexServices {
  /** One page of the article search (the engine swallows search errors: `error` true). */
  search(request: ArticleSearchRequest): Promise<ArticleSearchPage>;
  /** Sends an update of isRead (spec 000 §4); rejects on failure. */
  setRead(articleId: string, isRead: boolean): Promise<void>;
  /** Opens the add-article form. */
  openAddArticle(): void;
  /** Opens /article/{articleId}. */
  openArticle(articleId: string): void;
}

/** The services the screen uses: the engine through the one Comlink bridge, and the router. */
export const engineArticleIndexServices: ArticleIndexServices = {
  search: (request) => getEngine().searchArticles(request),
  async setRead(articleId, isRead) {
    const id = Number(articleId);
    if (!Number.isInteger(id)) throw new Error(`Article ${articleId} has no numeric id.`);
    await getEngine().updateArticle(id, { isRead });
  },
  openAddArticle,
  openArticle(articleId) {
    navigate(buildPath('articleDetails', { articleIdParam: articleId }));
  },
};
