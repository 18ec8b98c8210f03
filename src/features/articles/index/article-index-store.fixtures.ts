import { vi } from 'vitest';
import type { ArticleSearchDocument } from '@/domain/article-search/article-document';
import { clusterBatch } from '@/domain/article-search/clustering';
import type { ArticleSearchPage, ArticleSearchRequest } from '../../../../workers/engine-api';
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

/** One page of a search answer, clustered as the engine does. */
export function page(articles: ArticleSearchDocument[], total: number, n = 1): ArticleSearchPage {
  return { rows: clusterBatch(articles), total, reading: 'read', page: n, error: false };
}

/** Services that answer `pages` in order and record the requests. */
export function fakeServices(pages: ArticleSearchPage[]) {
  const requests: ArticleSearchRequest[] = [];
  const setRead = vi.fn<(id: string, isRead: boolean) => Promise<void>>(() => Promise.resolve());
  const services: ArticleIndexServices = {
    search: (request) => {
      requests.push(structuredClone(request));
      return Promise.resolve(pages[request.page - 1] ?? page([], 0, request.page));
    },
    setRead,
    openAddArticle: vi.fn(),
    openArticle: vi.fn(),
  };
  return { services, requests, setRead };
}
