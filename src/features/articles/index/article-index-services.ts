import { getEngine } from '@/app/engine';
import { buildPath } from '@/app/routes';
import { navigate } from '@/app/router';
import { openAddArticle } from '../add/add-article-store';
import type { ArticleSearchPage, ArticleSearchRequest } from '@workers/engine-contract';

/**
 * What the article index needs from outside its folder, in one place so the store is tested
 * with fakes.
 */
export interface ArticleIndexServices {
  /** One page of the article search (the engine swallows search errors: `error` true). */
  search(request: ArticleSearchRequest): Promise<ArticleSearchPage>;
  /**
   * Sends an update of isRead (spec 000 §4); rejects on failure. `afterPaint`: the row already
   * shows the change, so the request waits for that frame to be painted first.
   */
  setRead(
    articleId: string,
    isRead: boolean,
    options?: { readonly afterPaint?: boolean },
  ): Promise<void>;
  /** Opens the add-article form. */
  openAddArticle(): void;
  /** Opens /article/{articleId}. */
  openArticle(articleId: string): void;
}

/**
 * Resolves once the frame being prepared is painted: a rAF callback runs before the paint, a
 * task queued from it after. Hidden tabs get no frames, so a timeout stands in.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      setTimeout(resolve, 0);
    });
  });
}

/** The services the screen uses: the engine through the one Comlink bridge, and the router. */
export const engineArticleIndexServices: ArticleIndexServices = {
  search: (request) => getEngine().searchArticles(request),
  async setRead(articleId, isRead, options) {
    const id = Number(articleId);
    if (!Number.isInteger(id)) throw new Error(`Article ${articleId} has no numeric id.`);
    // A key's write (n, the envelope) waits for the key's frame: the worker's request and the
    // server's work on it do not compete with that paint (n's p95, issue 14). 'Mark all as
    // read' sends at once: a frame's wait per write would spread its 100 writes over seconds.
    if (options?.afterPaint === true) await afterNextPaint();
    await getEngine().updateArticle(id, { isRead });
  },
  openAddArticle,
  openArticle(articleId) {
    navigate(buildPath('articleDetails', { articleIdParam: articleId }));
  },
};
