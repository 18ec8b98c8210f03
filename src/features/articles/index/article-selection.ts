import type { ArticleSearchDocument } from '@domain/article-search/article-document';
import {
  articleIndexStore,
  currentRows,
  hasMoreArticles,
  isArticleRead,
} from './article-index-state';
import { fetchAheadForNext, fetchAheadNear, loadMoreArticles } from './article-list-paging';
import { setArticleRead, toggleArticleRead } from './article-read-state';
import { moveSelection as movedSelection, nextUnread } from './visible-rows';

/** A row click or Enter: marks it read if unread, then opens /article/{articleId}. */
export function openArticle(articleId: string): void {
  articleIndexStore.selectedId = articleId;
  articleIndexStore.endNotice = null;
  void setArticleRead(articleId, true);
  articleIndexStore.work.services.openArticle(articleId);
}

/** Opens the selected article (nothing when none is selected). */
export function openSelectedArticle(): void {
  const id = articleIndexStore.selectedId;
  if (id !== null) openArticle(id);
}

/** Selects a row. */
export function selectArticle(articleId: string | null): void {
  articleIndexStore.selectedId = articleId;
}

/** The end of the list, in the analyst's words: unread when that is what they look for. */
function endNoticeFor(unread: boolean): string {
  return unread ? 'No more unread articles' : 'No more articles';
}

/** Whether only unread articles are listed (the read-status filter on 'Unread' alone). */
function unreadFilterOn(): boolean {
  const selected = articleIndexStore.filters.readStatus.filter((s) => s.selected);
  return articleIndexStore.suggested === null && selected.length === 1 && selected[0]?.id === 0;
}

/**
 * j / k: moves the selection by `step` visible rows; j on the last loaded row loads the next
 * page and goes on, and at the real end says so.
 */
export function moveSelection(step: number): void {
  const state = articleIndexStore;
  const rows = currentRows();
  const at = rows.findIndex((row) => row.article.articleId === state.selectedId);
  state.endNotice = null;
  if (step > 0 && at !== -1 && at === rows.length - 1) {
    if (hasMoreArticles(state)) void moveOnToNextPage(state.selectedId, step);
    else state.endNotice = endNoticeFor(unreadFilterOn());
    return;
  }
  state.selectedId = movedSelection(rows, state.selectedId, step);
  fetchAheadNear(rows, state.selectedId);
}

/** j on the last loaded row: the next page, then the move (unless the analyst moved). */
async function moveOnToNextPage(from: string | null, step: number): Promise<void> {
  if (!(await loadMoreArticles()) || articleIndexStore.selectedId !== from) return;
  articleIndexStore.selectedId = movedSelection(currentRows(), from, step);
}

/** m: toggles the selected article's read state. */
export function toggleSelectedRead(): void {
  const id = articleIndexStore.selectedId;
  if (id !== null) void toggleArticleRead(id);
}

/** Selects the first unread article after `from`, opening its cluster if it is hidden. */
function selectNextUnread(from: string | null): boolean {
  const state = articleIndexStore;
  const read = (article: ArticleSearchDocument) => isArticleRead(article);
  const next = nextUnread(state.groups, state.expanded, from, read);
  if (next === null) return false;
  if (next.expandParentId !== null) state.expanded[next.expandParentId] = true;
  state.selectedId = next.articleId;
  return true;
}

/**
 * n: marks the selected article read and moves to the next unread article (the first unread
 * one when nothing is selected), into collapsed clusters too: no unread article is passed over.
 * Past the last loaded row it loads the next page; at the real end it says so.
 */
export function markReadAndNext(): void {
  const { work } = articleIndexStore;
  if (work.pageForNext !== null) {
    // A page is on its way for an earlier n: this one applies once it has come.
    work.nextsWaiting += 1;
    return;
  }
  const id = articleIndexStore.selectedId;
  if (id === null) {
    selectNextUnread(null);
    return;
  }
  void setArticleRead(id, true);
  articleIndexStore.endNotice = null;
  if (selectNextUnread(id)) {
    fetchAheadForNext();
    return;
  }
  const sequence = work.searchSequence;
  const loading = nextUnreadOnNextPage(id).finally(() => {
    if (work.pageForNext !== loading) return;
    work.pageForNext = null;
    const waiting = work.nextsWaiting;
    work.nextsWaiting = 0;
    // Keys typed during the load go on from the new selection, unless nothing moved.
    const moved = articleIndexStore.selectedId !== id && sequence === work.searchSequence;
    for (let i = 0; moved && i < waiting; i += 1) markReadAndNext();
  });
  work.pageForNext = loading;
}

/** n past the last loaded row: loads the next page and selects its first unread article. */
async function nextUnreadOnNextPage(from: string): Promise<void> {
  const state = articleIndexStore;
  while (hasMoreArticles(state)) {
    if (!(await loadMoreArticles())) return;
    // The analyst moved meanwhile: their selection wins.
    if (state.selectedId !== from) return;
    if (selectNextUnread(from)) return;
  }
  state.endNotice = 'No more unread articles';
}
