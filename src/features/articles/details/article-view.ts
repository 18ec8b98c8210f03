import type { ArticleSearchDocument } from '@/domain/article-search/article-document';
import type { ArticleDetail } from '@/domain/articles';

/** What the details screen shows, from the API or (read-only) from the search index. */
export interface ArticleView {
  readonly articleId: number;
  readonly title: string;
  readonly url: string | null;
  readonly publishedDate: string | null;
  readonly sourceCategory: string | null;
  readonly sourceSubcategory: string | null;
  readonly originalLanguage: string | null;
  readonly isRead: boolean;
  /** The summary for second-store articles, the body otherwise (spec 000 §2 II). */
  readonly content: string;
  readonly clusterId: number | null;
  /** Second-store articles and articles only in the search index (spec 000 §4 "Read-only"). */
  readonly readOnly: boolean;
  /** Not in the API, found in the search index: the warning shows. */
  readonly onlyInIndex: boolean;
}

/** The view of an article the API answered. */
export function viewOfDetail(article: ArticleDetail): ArticleView {
  return {
    articleId: article.articleId,
    title: article.title,
    url: article.originalSourceURL === '' ? null : article.originalSourceURL,
    publishedDate: article.publishedDate,
    sourceCategory: article.sourceCategoryName,
    sourceSubcategory: article.sourceGroupName,
    originalLanguage: article.originalLanguage,
    isRead: article.isRead,
    content: (article.isCosmosDbArticle ? article.summary : article.body) ?? '',
    clusterId: article.clusterId,
    readOnly: article.isCosmosDbArticle,
    onlyInIndex: false,
  };
}

/** The read-only view of an article found only in the search index. */
export function viewOfDocument(doc: ArticleSearchDocument): ArticleView {
  const clusterId = doc.clusterId === null ? NaN : Number(doc.clusterId);
  return {
    articleId: Number(doc.articleId),
    title: doc.articleTitle ?? '',
    url: doc.sourceUrl,
    publishedDate: doc.publishedDate,
    sourceCategory: doc.sourceCategory,
    sourceSubcategory: doc.sourceGroup,
    originalLanguage: doc.originalLanguage,
    isRead: doc.isRead ?? false,
    content: (doc.isCosmosDbArticle === true ? doc.summary : doc.articleBody) ?? '',
    clusterId: Number.isInteger(clusterId) ? clusterId : null,
    readOnly: true,
    onlyInIndex: true,
  };
}

// The app's one date and date-time format (spec 000 §9).
export { formatDateTime, formatDay } from '@/ui/formats';
