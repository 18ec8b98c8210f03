import { proxy, ref, snapshot, useSnapshot } from 'valtio';
import type { ArticleSearchDocument } from '@/domain/article-search/article-document';
import { withoutShown, type ArticleGroup } from '@/domain/article-search/clustering';
import type { ArticleCursor } from '@/domain/article-search/keyset';
import type { ArticleFilters } from '@/domain/article-search/filters';
import {
  articlePageSize,
  defaultArticleSort,
  type ArticleSort,
  type ArticleSortColumn,
} from '@/domain/article-search/query';
import type { ArticleSearchPage, ArticleSearchRequest } from '@workers/engine-api';
import { engineArticleIndexServices, type ArticleIndexServices } from './article-index-services';
import { articleSearchMarks, markArticleSearch } from './article-search-marks';
import { loadFilters, saveFilters } from './filters-storage';
import {
  loadedArticles,
  moveSelection as movedSelection,
  nextUnread,
  unreadAfter,
  visibleRows,
  type VisibleRow,
} from './visible-rows';

/** Spec 000 §5: the article search box is debounced at 250 ms. */
export const searchDebounceMs = 250;

/** Where the article list is (spec 000 §4 "Article list"). */
export type ArticleListStatus = 'idle' | 'loading' | 'loadingMore' | 'ready';

type Groups = readonly ArticleGroup<ArticleSearchDocument>[];

/**
 * Suggested mode (spec 000 §2 column 8): the index shows a given set of articles (a
 * suggestion's supporting articles, spec 001 §3 "Detail: articleIds") with an Associate toggle
 * per row, to pick the ones to associate with `target`.
 */
export interface SuggestedMode {
  readonly articleIds: readonly string[];
  /** What the articles would be associated with, as the analyst reads it; null: not named. */
  readonly target: string | null;
  /** The suggestion (its disease and country) the associated articles are linked for. */
  readonly suggestion?: { readonly diseaseId: number; readonly countryId: number };
}

/** The article index screen's state (valtio: read snapshots, mutate through the actions). */
export interface ArticleIndexState {
  /** The applied filters (the panel edits a draft and applies it on submit). */
  filters: ArticleFilters;
  /** What the search box shows. */
  searchText: string;
  /** The text the current results were searched with (after the debounce). */
  appliedSearchText: string;
  sort: ArticleSort;
  /** Loaded groups, page after page; held by `ref`: rows are replaced, never mutated. */
  groups: Groups;
  /** Articles loaded (parents and children). */
  loadedCount: number;
  /**
   * Articles found: `@odata.count` of the fresh search, then after each page the articles
   * loaded plus those still after the cursor (reading articles under the unread filter lowers
   * it); null while a fresh search runs.
   */
  total: number | null;
  /** How the search text was read. */
  reading: string;
  /** Keyset paging: the last loaded article's sort values; the next page starts after it. */
  cursor: ArticleCursor | null;
  /** Another page may follow (the last one was full and the service counted more). */
  more: boolean;
  /** Said when `n` or `j` reach the real end of the list ('No more unread articles'). */
  endNotice: string | null;
  status: ArticleListStatus;
  /** The search service failed (the engine logged and swallowed it). */
  searchFailed: boolean;
  /** Expanded clusters, by parent articleId. */
  expanded: Record<string, boolean>;
  selectedId: string | null;
  /**
   * Read state changed here, by articleId: the optimistic value wins over the row's `isRead`
   * until a failure puts the previous value back. Kept across searches, since the index may
   * lag the update.
   */
  readOverrides: Record<string, boolean>;
  /** The 'mark all read' confirmation is open. */
  markAllReadOpen: boolean;
  /** Suggested mode, or null for the ordinary index (filters apply). */
  suggested: SuggestedMode | null;
  /** Suggested mode: the articles the analyst associates, by articleId (true: associated). */
  associated: Record<string, boolean>;
}

function initialState(): ArticleIndexState {
  return {
    filters: loadFilters(),
    searchText: '',
    appliedSearchText: '',
    sort: defaultArticleSort,
    groups: ref([]),
    loadedCount: 0,
    total: null,
    reading: '',
    cursor: null,
    more: false,
    endNotice: null,
    status: 'idle',
    searchFailed: false,
    expanded: {},
    selectedId: null,
    readOverrides: {},
    markAllReadOpen: false,
    suggested: null,
    associated: {},
  };
}

/** The article index store. */
export const articleIndexStore = proxy<ArticleIndexState>(initialState());

let services: ArticleIndexServices = engineArticleIndexServices;
let searchSequence = 0;
let debounceTimer: ReturnType<typeof setTimeout> | undefined;
/** The page load an `n` past the last loaded row waits for, and the n keys typed meanwhile. */
let pageForNext: Promise<void> | null = null;
/** The next page while it is being fetched ('Show more rows', a key, or fetched ahead). */
let moreInFlight: Promise<boolean> | null = null;
let nextsWaiting = 0;
/** The fresh search running or last run (what ArrowDown from the search box waits for). */
let latestSearch: Promise<void> = Promise.resolve();

/** Replaces the services (tests) and resets the store; returns nothing to undo. */
export function resetArticleIndexStore(with_: ArticleIndexServices = engineArticleIndexServices) {
  services = with_;
  searchSequence += 1;
  if (debounceTimer !== undefined) clearTimeout(debounceTimer);
  debounceTimer = undefined;
  pageForNext = null;
  nextsWaiting = 0;
  moreInFlight = null;
  Object.assign(articleIndexStore, initialState());
}

/** Whether an article reads as read, optimistic changes included. */
export function isArticleRead(
  article: ArticleSearchDocument,
  overrides: Readonly<Record<string, boolean>> = articleIndexStore.readOverrides,
): boolean {
  return overrides[article.articleId] ?? article.isRead === true;
}

/** The rows the table shows now. */
export function currentRows(): VisibleRow[] {
  return visibleRows(articleIndexStore.groups, articleIndexStore.expanded);
}

/** True when another page can be loaded. */
export function hasMoreArticles(state: Pick<ArticleIndexState, 'more'>) {
  return state.more;
}

/** Whether a page answer leaves articles after it: it was full and the count says so. */
function moreAfter(result: ArticleSearchPage): boolean {
  return !result.error && result.returned >= articlePageSize && result.total > result.returned;
}

function countArticles(groups: Groups): number {
  return groups.reduce((sum, group) => sum + 1 + group.children.length, 0);
}

function findArticle(articleId: string): ArticleSearchDocument | undefined {
  for (const group of articleIndexStore.groups) {
    if (group.parent.articleId === articleId) return group.parent;
    const child = group.children.find((c) => c.articleId === articleId);
    if (child) return child;
  }
  return undefined;
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
  latestSearch = runFreshSearch();
  return latestSearch;
}

/** Resolves when the latest fresh search has answered (at once when none runs). */
export async function freshSearchDone(): Promise<void> {
  for (let waited: Promise<void> | null = null; waited !== latestSearch;) {
    waited = latestSearch;
    await waited;
  }
}

async function runFreshSearch(): Promise<void> {
  const sequence = (searchSequence += 1);
  pageForNext = null;
  nextsWaiting = 0;
  moreInFlight = null;
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
    const result = await services.search(searchRequest(null));
    if (sequence !== searchSequence) return;
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
    if (sequence !== searchSequence) return;
    console.error('IST: article search failed', error);
    Object.assign(state, { status: 'ready', total: 0, searchFailed: true });
  }
}

/**
 * 'Show more rows': the next page, appended (spec 000 §4): the articles after the last one
 * loaded (keyset paging), without those already shown. Resolves true when a page was appended.
 */
export function loadMoreArticles(): Promise<boolean> {
  // A page already on its way (fetched ahead, or asked for by an earlier key) is the one.
  if (moreInFlight !== null) return moreInFlight;
  const state = articleIndexStore;
  if (state.status !== 'ready' || !hasMoreArticles(state)) return Promise.resolve(false);
  const loading = fetchMoreArticles().finally(() => {
    if (moreInFlight === loading) moreInFlight = null;
  });
  moreInFlight = loading;
  return loading;
}

async function fetchMoreArticles(): Promise<boolean> {
  const state = articleIndexStore;
  const sequence = searchSequence;
  state.status = 'loadingMore';
  markArticleSearch(articleSearchMarks.moreStart);
  try {
    const result = await services.search(searchRequest(state.cursor));
    if (sequence !== searchSequence) return false;
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
    if (sequence !== searchSequence) return false;
    console.error('IST: loading more articles failed', error);
    Object.assign(state, { status: 'ready', searchFailed: true });
    return false;
  }
}

/** First visit: searches with the restored filters. Returning to the screen keeps the list. */
export function startArticleIndex(): void {
  if (articleIndexStore.status === 'idle') void freshSearch();
}

/** The search box changed: searches 250 ms after the last keystroke. */
export function setSearchText(text: string): void {
  articleIndexStore.searchText = text;
  if (debounceTimer !== undefined) clearTimeout(debounceTimer);
  debounceTimer = setTimeout(applySearchText, searchDebounceMs);
}

/** Searches the box's text now (Enter, or the debounce ran out); nothing when unchanged. */
export function applySearchText(): void {
  if (debounceTimer !== undefined) clearTimeout(debounceTimer);
  debounceTimer = undefined;
  const text = articleIndexStore.searchText;
  if (text.trim() === articleIndexStore.appliedSearchText.trim()) return;
  articleIndexStore.appliedSearchText = text;
  void freshSearch();
}

/** Applies (submits) the filters: kept in localStorage and searched (spec 000 §2, §4). */
export function applyFilters(filters: ArticleFilters): void {
  articleIndexStore.filters = filters;
  saveFilters(filters);
  void freshSearch();
}

/** A header click: the same column flips direction; another starts descending for dates. */
export function toggleSort(column: ArticleSortColumn): void {
  const { sort } = articleIndexStore;
  const direction =
    sort.column === column
      ? sort.direction === 'asc'
        ? 'desc'
        : 'asc'
      : column === 'insertedDate' || column === 'publishedDate'
        ? 'desc'
        : 'asc';
  articleIndexStore.sort = { column, direction };
  void freshSearch();
}

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
    await services.setRead(articleId, isRead, afterPaint ? { afterPaint } : undefined);
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

/** A row click or Enter: marks it read if unread, then opens /article/{articleId}. */
export function openArticle(articleId: string): void {
  articleIndexStore.selectedId = articleId;
  articleIndexStore.endNotice = null;
  void setArticleRead(articleId, true);
  services.openArticle(articleId);
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

/**
 * Rows left below the selection when the next page is fetched ahead: by the time j or n reaches
 * the last loaded row, the page is usually there (issue 14's page-boundary key).
 */
const fetchAheadRows = 20;

function fetchAheadNear(rows: readonly VisibleRow[], selectedId: string | null): void {
  if (!mayFetchAhead()) return;
  const at = rows.findIndex((row) => row.article.articleId === selectedId);
  if (at !== -1 && rows.length - 1 - at <= fetchAheadRows) void loadMoreArticles();
}

function mayFetchAhead(): boolean {
  const state = articleIndexStore;
  return state.status === 'ready' && hasMoreArticles(state) && moreInFlight === null;
}

/**
 * The same for `n`, which goes to unread articles only: read rows below the selection do not
 * count, so after 'Mark all as read' (none left) the next page is fetched at once.
 */
function fetchAheadForNext(): void {
  if (!mayFetchAhead()) return;
  const state = articleIndexStore;
  const left = unreadAfter(state.groups, state.selectedId, isArticleRead, fetchAheadRows);
  if (left <= fetchAheadRows) void loadMoreArticles();
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
  if (pageForNext !== null) {
    // A page is on its way for an earlier n: this one applies once it has come.
    nextsWaiting += 1;
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
  const sequence = searchSequence;
  const loading = nextUnreadOnNextPage(id).finally(() => {
    if (pageForNext !== loading) return;
    pageForNext = null;
    const waiting = nextsWaiting;
    nextsWaiting = 0;
    // Keys typed during the load go on from the new selection, unless nothing moved.
    const moved = articleIndexStore.selectedId !== id && sequence === searchSequence;
    for (let i = 0; moved && i < waiting; i += 1) markReadAndNext();
  });
  pageForNext = loading;
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

/** Expands or collapses a cluster by its parent's id (`open` omitted: toggles). */
export function setClusterExpanded(parentId: string, open?: boolean): void {
  const next = open ?? articleIndexStore.expanded[parentId] !== true;
  articleIndexStore.expanded[parentId] = next;
}

function selectedRow(): VisibleRow | undefined {
  const id = articleIndexStore.selectedId;
  return currentRows().find((row) => row.article.articleId === id);
}

/** x: toggles the selected row's cluster; on a child it collapses and selects the parent. */
export function toggleSelectedCluster(): void {
  const row = selectedRow();
  if (!row) return;
  if (row.isChild) {
    collapseSelectedCluster();
    return;
  }
  if (row.childCount > 0) setClusterExpanded(row.parentId);
}

/** ArrowRight: expands the selected parent's cluster. */
export function expandSelectedCluster(): void {
  const row = selectedRow();
  if (row && !row.isChild && row.childCount > 0) setClusterExpanded(row.parentId, true);
}

/** ArrowLeft: collapses the selected row's cluster and selects its parent. */
export function collapseSelectedCluster(): void {
  const row = selectedRow();
  if (!row) return;
  setClusterExpanded(row.parentId, false);
  articleIndexStore.selectedId = row.parentId;
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

/** React hook: the store's snapshot. */
export function useArticleIndex() {
  return useSnapshot(articleIndexStore);
}
