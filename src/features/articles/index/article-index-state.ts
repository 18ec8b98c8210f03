import { proxy, ref, useSnapshot } from 'valtio';
import type { ArticleSearchDocument } from '@domain/article-search/article-document';
import type { ArticleGroup } from '@domain/article-search/clustering';
import type { ArticleCursor } from '@domain/article-search/keyset';
import type { ArticleFilters } from '@domain/article-search/filters';
import { defaultArticleSort, type ArticleSort } from '@domain/article-search/query';
import { engineArticleIndexServices, type ArticleIndexServices } from './article-index-services';
import { loadFilters } from './filters-storage';
import { visibleRows, type VisibleRow } from './visible-rows';
import type { SuggestedMode } from '@/app/suggested-mode-url';

/** Where the article list is (spec 000 §4 "Article list"). */
export type ArticleListStatus = 'idle' | 'loading' | 'loadingMore' | 'ready';

export type ArticleGroups = readonly ArticleGroup<ArticleSearchDocument>[];

/** Suggested mode (spec 000 §2 column 8), defined beside its URL in src/app/suggested-mode-url.ts. */
export type { SuggestedMode };

/**
 * What the actions coordinate and no view renders: the services, the requests in flight and
 * the debounce. Held by `ref` inside the store (never tracked, never reset by a fresh search).
 */
export interface ArticleIndexWork {
  services: ArticleIndexServices;
  /** Bumped by every fresh search and reset: an answer of an older search is dropped. */
  searchSequence: number;
  debounceTimer: ReturnType<typeof setTimeout> | undefined;
  /** The fresh search running or last run (what ArrowDown from the search box waits for). */
  latestSearch: Promise<void>;
  /** The next page while it is being fetched ('Show more rows', a key, or fetched ahead). */
  moreInFlight: Promise<boolean> | null;
  /** The page load an `n` past the last loaded row waits for… */
  pageForNext: Promise<void> | null;
  /** …and the `n` keys typed meanwhile. */
  nextsWaiting: number;
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
  groups: ArticleGroups;
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
  /** Requests in flight and the debounce (`ref`: not rendered, kept by a reset). */
  readonly work: ArticleIndexWork;
}

function initialState(): Omit<ArticleIndexState, 'work'> {
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
export const articleIndexStore = proxy<ArticleIndexState>({
  ...initialState(),
  work: ref<ArticleIndexWork>({
    services: engineArticleIndexServices,
    searchSequence: 0,
    debounceTimer: undefined,
    latestSearch: Promise.resolve(),
    moreInFlight: null,
    pageForNext: null,
    nextsWaiting: 0,
  }),
});

/** Replaces the services (tests) and resets the store; returns nothing to undo. */
export function resetArticleIndexStore(with_: ArticleIndexServices = engineArticleIndexServices) {
  const { work } = articleIndexStore;
  work.services = with_;
  work.searchSequence += 1;
  if (work.debounceTimer !== undefined) clearTimeout(work.debounceTimer);
  work.debounceTimer = undefined;
  work.pageForNext = null;
  work.nextsWaiting = 0;
  work.moreInFlight = null;
  Object.assign(articleIndexStore, initialState());
}

/** React hook: the store's snapshot. */
export function useArticleIndex() {
  return useSnapshot(articleIndexStore);
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

/** A loaded article (parent or child) by its id. */
export function findArticle(articleId: string): ArticleSearchDocument | undefined {
  for (const group of articleIndexStore.groups) {
    if (group.parent.articleId === articleId) return group.parent;
    const child = group.children.find((c) => c.articleId === articleId);
    if (child) return child;
  }
  return undefined;
}
