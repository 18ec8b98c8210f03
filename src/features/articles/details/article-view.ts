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
  /** Written in another language than English: the content shown is Google's translation. */
  readonly translated: boolean;
  readonly isRead: boolean;
  /** The summary for second-store articles, the body otherwise (spec 000 §2 II). */
  readonly content: string;
  readonly clusterId: number | null;
  /** Second-store articles and articles only in the search index (spec 000 §4 "Read-only"). */
  readonly readOnly: boolean;
  /** Not in the API, found in the search index: the warning shows. */
  readonly onlyInIndex: boolean;
}

/**
 * Whether the content is a translation: its original language is known and is not English
 * (articles are stored in English; others were put into English by Google Translate).
 */
export function isTranslated(originalLanguage: string | null): boolean {
  const language = originalLanguage?.trim().toLowerCase() ?? '';
  return language !== '' && language !== 'english' && language !== 'en';
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
    translated: isTranslated(article.originalLanguage),
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
    translated: isTranslated(doc.originalLanguage),
    isRead: doc.isRead ?? false,
    content: (doc.isCosmosDbArticle === true ? doc.summary : doc.articleBody) ?? '',
    clusterId: Number.isInteger(clusterId) ? clusterId : null,
    readOnly: true,
    onlyInIndex: true,
  };
}

// The app's one date and date-time format (spec 000 §9).
export { formatDateTime, formatDay } from '@/ui/formats';
