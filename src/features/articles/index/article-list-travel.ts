import { navigate } from '@/app/router';
import { routePatterns } from '@/app/routes';
import {
  articleIndexStore,
  currentRows,
  freshSearchDone,
  hasMoreArticles,
  loadMoreArticles,
  openArticle,
} from './article-index-store';
import { associatedArticleIds, suggestedModeSearch } from './suggested-mode';
import { rowIndexOf } from './visible-rows';

/**
 * Moving through the list the analyst came from without going back to it (issue 14): on an
 * article's details, j/k open the next/previous row of the index's list (loading its next page
 * when the article was the last loaded row); from the search box, ArrowDown or Enter moves into
 * the results. The list is the index store's, kept while the details screen is shown.
 */

/** Whether the article is a row of the list the analyst came from (j/k on details apply). */
export function isInArticleList(articleId: string): boolean {
  return rowIndexOf(currentRows(), articleId) !== -1;
}

/** What a move from the details screen did. */
export type ListTravel = 'opened' | 'end' | 'notInList';

/**
 * Opens the article `step` rows away (marked read, as a row opened from the list is). Past the
 * last loaded row the next page is loaded first; at the real end nothing opens and the list's
 * end notice says so.
 */
export async function openNeighbourArticle(articleId: string, step: 1 | -1): Promise<ListTravel> {
  let rows = currentRows();
  const at = rowIndexOf(rows, articleId);
  if (at === -1) return 'notInList';
  if (at + step >= rows.length && hasMoreArticles(articleIndexStore)) {
    await loadMoreArticles();
    rows = currentRows();
  }
  const next = rows[rowIndexOf(rows, articleId) + step];
  if (next === undefined) {
    articleIndexStore.endNotice = step > 0 ? 'No more articles' : null;
    return 'end';
  }
  articleIndexStore.endNotice = null;
  openArticle(next.article.articleId);
  return 'opened';
}

/**
 * From the search box into the results: once the running search has answered, the selection
 * is kept when it is still a row, else the first row is selected. Resolves the selected id.
 */
export async function moveIntoResults(): Promise<string | null> {
  await freshSearchDone();
  const rows = currentRows();
  if (rowIndexOf(rows, articleIndexStore.selectedId) === -1) {
    articleIndexStore.selectedId = rows[0]?.article.articleId ?? null;
  }
  return articleIndexStore.selectedId;
}

/**
 * Escape or u on an article's details: back to the list it came from (suggested mode
 * included), which keeps its rows and selection; the table puts the focus on the selected row.
 */
export function backToArticleList(): void {
  const { suggested } = articleIndexStore;
  const search = suggested === null ? '' : suggestedModeSearch(suggested, associatedArticleIds());
  navigate(`${routePatterns.articleIndex}${search}`);
}
