/**
 * The article index store: one valtio proxy (`article-index-state.ts`) and its actions, one
 * file per concern. Screens, commands and tests import from here.
 */
export {
  articleIndexStore,
  currentRows,
  hasMoreArticles,
  isArticleRead,
  resetArticleIndexStore,
  useArticleIndex,
  type ArticleIndexState,
  type ArticleListStatus,
  type SuggestedMode,
} from './article-index-state';
export {
  freshSearch,
  freshSearchDone,
  loadMoreArticles,
  startArticleIndex,
} from './article-list-paging';
export {
  applyFilters,
  applySearchText,
  searchDebounceMs,
  setSearchText,
  toggleSort,
} from './article-search-inputs';
export {
  cancelMarkAllRead,
  confirmMarkAllRead,
  requestMarkAllRead,
  setArticleRead,
  toggleArticleRead,
  unreadLoadedArticles,
} from './article-read-state';
export {
  markReadAndNext,
  moveSelection,
  openArticle,
  openSelectedArticle,
  selectArticle,
  toggleSelectedRead,
} from './article-selection';
export {
  collapseSelectedCluster,
  expandSelectedCluster,
  setClusterExpanded,
  toggleSelectedCluster,
} from './article-clusters';
