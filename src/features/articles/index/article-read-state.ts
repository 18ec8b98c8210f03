import type { ArticleSearchDocument } from '@domain/article-search/article-document';
import { articleIndexStore, findArticle, isArticleRead } from './article-index-state';
import { fetchAheadForNext } from './article-list-paging';
import { loadedArticles } from './visible-rows';

/**
 * Sends an update of isRead already shown; on failure puts `previous` back. One key's write goes
 * after the key's frame is painted (`afterPaint`), a bulk write at once.
 */
async function sendRead(
  articleId: string,
  isRead: boolean,
  previous: boolean,
  afterPaint: boolean,
): Promise<void> {
  try {
    await articleIndexStore.work.services.setRead(
      articleId,
      isRead,
      afterPaint ? { afterPaint } : undefined,
    );
  } catch (error) {
    console.error(`IST: marking article ${articleId} ${isRead ? 'read' : 'unread'} failed`, error);
    // Only undo our own change: a later toggle of the same row has already moved on.
    if (articleIndexStore.readOverrides[articleId] === isRead) {
      articleIndexStore.readOverrides[articleId] = previous;
    }
  }
}

/**
 * Sets an article's read state: the row flips at once, then the update is sent; on failure the
 * previous state comes back (spec 000 §4; the engine logs the failure to the server).
 */
export async function setArticleRead(articleId: string, isRead: boolean): Promise<void> {
  const article = findArticle(articleId);
  const previous =
    articleIndexStore.readOverrides[articleId] ?? (article ? article.isRead === true : !isRead);
  if (previous === isRead) return;
  articleIndexStore.readOverrides[articleId] = isRead;
  await sendRead(articleId, isRead, previous, true);
}

/** The envelope: read ↔ unread. */
export function toggleArticleRead(articleId: string): Promise<void> {
  const article = findArticle(articleId);
  if (!article) return Promise.resolve();
  return setArticleRead(articleId, !isArticleRead(article));
}

/** The unread articles among the loaded rows of the current filter (parents and children). */
export function unreadLoadedArticles(): ArticleSearchDocument[] {
  return loadedArticles(articleIndexStore.groups).filter((article) => !isArticleRead(article));
}

/** Shift+A: asks to mark every loaded unread article read (nothing to ask when none is). */
export function requestMarkAllRead(): void {
  if (unreadLoadedArticles().length > 0) articleIndexStore.markAllReadOpen = true;
}

/** Closes the confirmation without changing anything. */
export function cancelMarkAllRead(): void {
  articleIndexStore.markAllReadOpen = false;
}

/** Requests in flight at once while marking all read: the API is not flooded. */
const markAllConcurrency = 6;

/** Confirmed: every loaded unread article of the filter flips at once, then is sent. */
export async function confirmMarkAllRead(): Promise<void> {
  articleIndexStore.markAllReadOpen = false;
  const ids = unreadLoadedArticles().map((article) => article.articleId);
  for (const id of ids) articleIndexStore.readOverrides[id] = true;
  // Nothing unread is left loaded: the next `n` needs the next page, so it is fetched now.
  fetchAheadForNext();
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      await sendRead(id, true, false, false);
    }
  };
  await Promise.all(Array.from({ length: markAllConcurrency }, worker));
}
