import { ref, snapshot } from 'valtio';
import { withoutShown } from '@domain/article-search/clustering';
import type { ArticleCursor } from '@domain/article-search/keyset';
import type { ArticleFilters } from '@domain/article-search/filters';
import { articlePageSize } from '@domain/article-search/query';
import type { ArticleSearchPage, ArticleSearchRequest } from '@workers/engine-contract';
import { articleSearchMarks, markArticleSearch } from './article-search-marks';
import {
  articleIndexStore,
  hasMoreArticles,
  isArticleRead,
  type ArticleGroups,
  type ArticleIndexState,
} from './article-index-state';
import { loadedArticles, unreadAfter, type VisibleRow } from './visible-rows';

/** Whether a page answer leaves articles after it: it was full and the count says so. */
function moreAfter(result: ArticleSearchPage): boolean {
  return !result.error && result.returned >= articlePageSize && result.total > result.returned;
}

function countArticles(groups: ArticleGroups): number {
  return groups.reduce((sum, group) => sum + 1 + group.children.length, 0);
}

/** The request for a page: plain data (a valtio proxy cannot cross to the worker). */
function searchRequest(after: ArticleCursor | null): ArticleSearchRequest {
  const { filters, appliedSearchText, sort, suggested } = snapshot(articleIndexStore);
  const request = {
    filters: filters as ArticleFilters,
    searchText: appliedSearchText,
    sort,
    after: after === null ? null : [...after],
  };
  return suggested === null ? request : { ...request, articleIds: [...suggested.articleIds] };
}

/**
 * A fresh search (spec 000 §4): page 1, selection, count and expansions cleared, loading shown.
 * A later search supersedes an earlier one still running.
 */
export function freshSearch(): Promise<void> {
  const { work } = articleIndexStore;
  work.latestSearch = runFreshSearch();
  return work.latestSearch;
}

/** Resolves when the latest fresh search has answered (at once when none runs). */
export async function freshSearchDone(): Promise<void> {
  const { work } = articleIndexStore;
  for (let waited: Promise<void> | null = null; waited !== work.latestSearch;) {
    waited = work.latestSearch;
    await waited;
  }
}

async function runFreshSearch(): Promise<void> {
  const { work } = articleIndexStore;
  const sequence = (work.searchSequence += 1);
  work.pageForNext = null;
  work.nextsWaiting = 0;
  work.moreInFlight = null;
  markArticleSearch(articleSearchMarks.start);
  const state = articleIndexStore;
  Object.assign(state, {
    cursor: null,
    more: false,
    endNotice: null,
    groups: ref([]),
    loadedCount: 0,
    total: null,
    selectedId: null,
    expanded: {},
    status: 'loading',
    searchFailed: false,
  } satisfies Partial<ArticleIndexState>);
  try {
    const result = await work.services.search(searchRequest(null));
    if (sequence !== work.searchSequence) return;
    markArticleSearch(articleSearchMarks.results);
    Object.assign(state, {
      groups: ref([...result.rows]),
      loadedCount: countArticles(result.rows),
      total: result.total,
      cursor: result.cursor,
      more: moreAfter(result),
      reading: result.reading,
      status: 'ready',
      searchFailed: result.error,
    } satisfies Partial<ArticleIndexState>);
  } catch (error) {
    if (sequence !== work.searchSequence) return;
    console.error('IST: article search failed', error);
    Object.assign(state, { status: 'ready', total: 0, searchFailed: true });
  }
}

/**
 * 'Show more rows': the next page, appended (spec 000 §4): the articles after the last one
 * loaded (keyset paging), without those already shown. Resolves true when a page was appended.
 */
export function loadMoreArticles(): Promise<boolean> {
  const { work } = articleIndexStore;
  // A page already on its way (fetched ahead, or asked for by an earlier key) is the one.
  if (work.moreInFlight !== null) return work.moreInFlight;
  const state = articleIndexStore;
  if (state.status !== 'ready' || !hasMoreArticles(state)) return Promise.resolve(false);
  const loading = fetchMoreArticles().finally(() => {
    if (work.moreInFlight === loading) work.moreInFlight = null;
  });
  work.moreInFlight = loading;
  return loading;
}

async function fetchMoreArticles(): Promise<boolean> {
  const state = articleIndexStore;
  const { work } = state;
  const sequence = work.searchSequence;
  state.status = 'loadingMore';
  markArticleSearch(articleSearchMarks.moreStart);
  try {
    const result = await work.services.search(searchRequest(state.cursor));
    if (sequence !== work.searchSequence) return false;
    markArticleSearch(articleSearchMarks.moreResults);
    if (result.error) {
      Object.assign(state, { status: 'ready', searchFailed: true });
      return false;
    }
    const shown = new Set(loadedArticles(state.groups).map((article) => article.articleId));
    const groups = [...state.groups, ...withoutShown(result.rows, shown)];
    const loadedCount = countArticles(groups);
    Object.assign(state, {
      groups: ref(groups),
      loadedCount,
      total: loadedCount + result.total - result.returned,
      cursor: result.cursor,
      more: moreAfter(result),
      status: 'ready',
      searchFailed: false,
    } satisfies Partial<ArticleIndexState>);
    return true;
  } catch (error) {
    if (sequence !== work.searchSequence) return false;
    console.error('IST: loading more articles failed', error);
    Object.assign(state, { status: 'ready', searchFailed: true });
    return false;
  }
}

/** First visit: searches with the restored filters. Returning to the screen keeps the list. */
export function startArticleIndex(): void {
  if (articleIndexStore.status === 'idle') void freshSearch();
}

/**
 * Rows left below the selection when the next page is fetched ahead: by the time j or n reaches
 * the last loaded row, the page is usually there (issue 14's page-boundary key).
 */
const fetchAheadRows = 20;

/** j / k: fetches the next page ahead when the selection nears the last loaded row. */
export function fetchAheadNear(rows: readonly VisibleRow[], selectedId: string | null): void {
  if (!mayFetchAhead()) return;
  const at = rows.findIndex((row) => row.article.articleId === selectedId);
  if (at !== -1 && rows.length - 1 - at <= fetchAheadRows) void loadMoreArticles();
}

function mayFetchAhead(): boolean {
  const state = articleIndexStore;
  return state.status === 'ready' && hasMoreArticles(state) && state.work.moreInFlight === null;
}

/**
 * The same for `n`, which goes to unread articles only: read rows below the selection do not
 * count, so after 'Mark all as read' (none left) the next page is fetched at once.
 */
export function fetchAheadForNext(): void {
  if (!mayFetchAhead()) return;
  const state = articleIndexStore;
  const left = unreadAfter(state.groups, state.selectedId, isArticleRead, fetchAheadRows);
  if (left <= fetchAheadRows) void loadMoreArticles();
}
