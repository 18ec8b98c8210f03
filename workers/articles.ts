import { Schema } from 'effect';
import {
  ArticleDataSource,
  ArticleDetail,
  CreatedArticle,
  RelatedReportRow,
  type ArticleUpdate,
  type CustomArticle,
} from '@domain/articles';
import type { ApiCall } from './api-client';
import type { ApiCallDeps, FailureReport } from './api-call-deps';
import type { ArticleSource, EngineApi } from './engine-contract';
import { isApiCallError } from './errors';
import { requireParam } from './require-param';

type ArticlesApi = Pick<
  EngineApi,
  | 'getArticle'
  | 'updateArticle'
  | 'createArticle'
  | 'lookupArticleSource'
  | 'getArticleReports'
  | 'getClusterArticles'
>;

const ArticleDetails = Schema.Array(ArticleDetail);
const RelatedReportRows = Schema.Array(RelatedReportRow);

/** The Articles API calls of spec 000 §7 (server/http/api/articles-read.ts, -write.ts). */
export function createArticlesApi({ request, report }: ApiCallDeps): ArticlesApi {
  /** A call under the usual rules: report the failure, then reject with it. */
  async function call<A, I>(apiCall: ApiCall<A, I>, how: FailureReport = { alert: true }) {
    try {
      return await request(apiCall);
    } catch (error) {
      if (isApiCallError(error)) report(error, how);
      throw error;
    }
  }

  const id = (name: string, value: number | null | undefined) =>
    encodeURIComponent(String(requireParam(name, value)));

  return {
    async getArticle(articleId) {
      const path = `/articles/${id('articleId', articleId)}`;
      try {
        return await request({ method: 'GET', path, schema: ArticleDetail });
      } catch (error) {
        // Not (yet) in the API: the details screen falls back to the search index, read-only.
        if (isApiCallError(error) && error._tag === 'ApiError' && error.status === 404) {
          return null;
        }
        if (isApiCallError(error)) report(error, { alert: true });
        throw error;
      }
    },

    updateArticle: async (articleId, update: ArticleUpdate) =>
      call(
        {
          method: 'PUT',
          path: `/articles/${id('articleId', articleId)}`,
          body: requireParam('update', update),
          schema: ArticleDetail,
        },
        { alert: false },
      ),

    async createArticle(input: CustomArticle) {
      const created = await call({
        method: 'POST',
        path: '/articles',
        body: requireParam('input', input),
        schema: CreatedArticle,
      });
      return { articleId: created.articleId };
    },

    async lookupArticleSource(url): Promise<ArticleSource | null> {
      const path = `/articles/dataSource?url=${encodeURIComponent(requireParam('url', url))}`;
      try {
        const found = await call(
          { method: 'GET', path, schema: ArticleDataSource },
          { alert: false },
        );
        const { sourceCategory, sourceGroup, sourcePriority } = found;
        return { sourceCategory, sourceGroup, sourcePriority };
      } catch (error) {
        if (isApiCallError(error)) return null;
        throw error;
      }
    },

    getArticleReports: async (articleId) =>
      call({
        method: 'GET',
        path: `/articles/${id('articleId', articleId)}/reports`,
        schema: RelatedReportRows,
      }),

    getClusterArticles: async (clusterId) =>
      call({
        method: 'GET',
        path: `/articles?clusterId=${id('clusterId', clusterId)}`,
        schema: ArticleDetails,
      }),
  };
}
