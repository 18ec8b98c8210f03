import { vi } from 'vitest';
import type { ArticleSearchDocument } from '@/domain/article-search/article-document';
import { clusterBatch } from '@/domain/article-search/clustering';
import type { ArticleSearchPage, ArticleSearchRequest } from '@workers/engine-contract';
import type { ArticleIndexServices } from './article-index-services';

/** Test data and fake services for the article index store's tests. */

/** A search document with every field empty but its id and title. */
export function article(
  id: number,
  extra: Partial<ArticleSearchDocument> = {},
): ArticleSearchDocument {
  return {
    articleId: String(id),
    articleFeed: null,
    articleTitle: `Article ${id}`,
    publishedDate: null,
    insertedDate: null,
    articleType: 3,
    sourceUrl: null,
    sourceGroup: null,
    sourcePriority: null,
    sourceCategory: null,
    clusterId: null,
    isRead: false,
    isCompleted: null,
    isImportant: null,
    isChild: null,
    childrenCount: null,
    originalLanguage: null,
    diseaseNames: null,
    locationNames: null,
    summary: null,
    isLinkedToActivity: null,
    createdBy: null,
    contextTagNames: null,
    suggestedContextTagNames: null,
    isCosmosDbArticle: null,
    articleBody: null,
    diseaseIds: null,
    ...extra,
  };
}

/**
 * One page of a search answer, clustered as the engine does: `total` is what the service counted
 * from the page's start; the cursor is the last article's id (the fakes do not sort).
 */
export function page(articles: ArticleSearchDocument[], total: number): ArticleSearchPage {
  const last = articles.at(-1);
  return {
    rows: clusterBatch(articles),
    total,
    reading: 'read',
    cursor: last === undefined ? null : [last.articleId],
    returned: articles.length,
    error: false,
  };
}

/** `count` articles numbered from `from`. */
export function articlesFrom(from: number, count: number): ArticleSearchDocument[] {
  return Array.from({ length: count }, (_, i) => article(from + i));
}

/** Services that answer `pages` in order (a fresh search starts over) and record the requests. */
export function fakeServices(pages: ArticleSearchPage[]) {
  const requests: ArticleSearchRequest[] = [];
  const setRead = vi.fn<ArticleIndexServices['setRead']>(() => Promise.resolve());
  let next = 0;
  const services: ArticleIndexServices = {
    search: (request) => {
      requests.push(structuredClone(request));
      if (request.after === undefined || request.after === null) next = 0;
      const answer = pages[next] ?? page([], 0);
      next += 1;
      return Promise.resolve(answer);
    },
    setRead,
    openAddArticle: vi.fn(),
    openArticle: vi.fn(),
  };
  return { services, requests, setRead };
}
