/** One source from the article source search (the `feeds` index): a registered web domain. */
export interface ArticleSourceHit {
  readonly id: number;
  readonly domain: string;
  readonly sourceCategoryId: number;
  readonly sourceCategory: string;
  readonly sourceGroupId: number;
  readonly sourceGroup: string;
  readonly sourcePriorityId: number;
  readonly sourcePriority: string;
}

/** Sources found; empty with `error` true when the search service failed (spec 000 §8). */
export interface ArticleSourceSearchResult {
  readonly sources: readonly ArticleSourceHit[];
  readonly error: boolean;
}

/** The article source search (spec 000 §7, §9): a GET of the index `feedsIndexUrl` names. */
export interface ArticleSourceSearchEngineApi {
  /** Sources whose domain has a label starting with each word typed, top 10, by domain. */
  searchArticleSources(text: string): Promise<ArticleSourceSearchResult>;
}
