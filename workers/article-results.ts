import type { ArticleSearchDocument } from '@domain/article-search/article-document';

/** Articles from the search service; empty with `error` true when the service failed. */
export interface SearchArticlesResult {
  readonly articles: readonly ArticleSearchDocument[];
  readonly error: boolean;
}

/** One article from the search service: null when not indexed (or, with `error`, on failure). */
export interface SearchArticleResult {
  readonly article: ArticleSearchDocument | null;
  readonly error: boolean;
}

/** GET /api/articles/dataSource: the lookup ids the add-article form fills in. */
export interface ArticleSource {
  readonly sourceCategory: number;
  readonly sourceGroup: number;
  readonly sourcePriority: number;
}
