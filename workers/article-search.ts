import { Either, Schema } from 'effect';
import {
  ArticleSearchDocument,
  ArticleSearchResponse,
} from '@domain/article-search/article-document';
import { clusterBatch } from '@domain/article-search/clustering';
import { ArticleFilters } from '@domain/article-search/filters';
import { cursorOf } from '@domain/article-search/keyset';
import { buildArticleLinkQuery } from '@domain/article-search/link-query';
import {
  articlePageSize,
  articleSortColumns,
  buildArticleLookup,
  buildArticleSearchQuery,
  buildArticlesByIdsBody,
  buildRelatedArticlesQuery,
} from '@domain/article-search/query';
import { createSearchServiceSender, NotFound, SearchFailure } from './search-service';
import type {
  ArticleSearchPage,
  ArticleSearchRequest,
  SearchArticleResult,
  SearchArticlesResult,
} from './engine-contract';

/** What the search client reads on every call, so a new URL or key applies at once. */
export interface ArticleSearchSettings {
  /** config.articleSearchUrl (…/indexes/articles/docs); throws when the engine has none. */
  url(): string;
  /** The credential headers (search-auth.ts). */
  headers(): Promise<Readonly<Record<string, string>>>;
  /** Sends an error line to POST /api/log/js; never rejects. */
  log(message: string): Promise<void>;
}

/** The article search client (spec 000 §7 "Article search service"). */
export interface ArticleSearchClient {
  search(request: ArticleSearchRequest): Promise<ArticleSearchPage>;
  byIds(ids: readonly string[]): Promise<SearchArticlesResult>;
  one(id: string): Promise<SearchArticleResult>;
  related(articleId: string, clusterId: string): Promise<SearchArticlesResult>;
  /** The associated-articles search (spec 001 §7): top 10 by articleId, title, diseaseIds. */
  forLinking(text: string): Promise<SearchArticlesResult>;
}

const SearchRequest = Schema.Struct({
  filters: ArticleFilters,
  searchText: Schema.String,
  sort: Schema.Struct({
    column: Schema.Literal(...articleSortColumns),
    direction: Schema.Literal('asc', 'desc'),
  }),
  after: Schema.optionalWith(
    Schema.NullOr(Schema.Array(Schema.Union(Schema.String, Schema.Boolean, Schema.Null))),
    { exact: true },
  ),
  articleIds: Schema.optionalWith(Schema.Array(Schema.String), { exact: true }),
});

/**
 * The article search service client: GET or POST through the one search sender
 * (search-service.ts), decoded with effect Schema. Every failure is logged and the call resolves empty with `error: true`.
 * Only the page asked for crosses to the UI: one GET of 100 articles, clustered.
 */
export function createArticleSearchClient(settings: ArticleSearchSettings): ArticleSearchClient {
  const send = createSearchServiceSender(settings);

  /** Runs a call; a search failure is logged and becomes `fallback`. Other errors propagate. */
  async function swallow<A>(run: () => Promise<A>, fallback: A): Promise<A> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof SearchFailure)) throw error;
      await settings.log(`Search error: ${error.message}`);
      return fallback;
    }
  }

  return {
    async search(request) {
      const decoded = Schema.decodeUnknownEither(SearchRequest)(request);
      if (Either.isLeft(decoded)) {
        await settings.log(`Search error: invalid search request: ${decoded.left.message}`);
        return { rows: [], total: 0, reading: '', cursor: null, returned: 0, error: true };
      }
      const input = decoded.right;
      const query = buildArticleSearchQuery(input);
      const after = input.after ?? null;
      const empty: ArticleSearchPage = {
        rows: [],
        total: 0,
        reading: query.reading,
        cursor: after,
        returned: 0,
        error: true,
      };
      return swallow(async () => {
        const answer = await send('GET', '', query.parameters, ArticleSearchResponse);
        const articles = answer.value.slice(0, articlePageSize);
        const last = articles.at(-1);
        return {
          rows: clusterBatch(articles),
          total: answer['@odata.count'] ?? articles.length,
          reading: query.reading,
          cursor: last === undefined ? after : cursorOf(input.sort, last),
          returned: articles.length,
          error: false,
        };
      }, empty);
    },

    async byIds(ids) {
      const body = buildArticlesByIdsBody(Array.isArray(ids) ? ids.map(String) : []);
      if (body === undefined) return { articles: [], error: false };
      return swallow(async () => {
        const answer = await send('POST', '/search', [], ArticleSearchResponse, body);
        return { articles: [...answer.value], error: false };
      }, failedArticles);
    },

    async one(id) {
      const lookup = buildArticleLookup(String(id));
      return swallow<SearchArticleResult>(
        async () => {
          try {
            const article = await send(
              'GET',
              lookup.path,
              lookup.parameters,
              ArticleSearchDocument,
            );
            return { article, error: false };
          } catch (error) {
            if (error instanceof NotFound) return { article: null, error: false };
            throw error;
          }
        },
        { article: null, error: true },
      );
    },

    async related(articleId, clusterId) {
      if (articleId === '' || clusterId === '') return { articles: [], error: false };
      return swallow(async () => {
        const parameters = buildRelatedArticlesQuery(String(articleId), String(clusterId));
        const answer = await send('GET', '', parameters, ArticleSearchResponse);
        return { articles: [...answer.value], error: false };
      }, failedArticles);
    },

    async forLinking(text) {
      const parameters = buildArticleLinkQuery(typeof text === 'string' ? text : '');
      return swallow(async () => {
        const answer = await send('GET', '', parameters, ArticleSearchResponse);
        return { articles: [...answer.value], error: false };
      }, failedArticles);
    },
  };
}

const failedArticles: SearchArticlesResult = { articles: [], error: true };
