import { Schema } from 'effect';
import { articleSourcesQuery, isArticleSourceSearchable } from '@domain/article-source-search';
import { SearchFailure, type SearchServiceSend } from '../search-service';
import type {
  ArticleSourceSearchEngineApi,
  ArticleSourceSearchResult,
} from './article-source-search-contract';

const ArticleSourceSearchResponse = Schema.Struct({
  value: Schema.Array(
    Schema.Struct({
      id: Schema.Number,
      domain: Schema.String,
      sourceCategoryId: Schema.Number,
      sourceCategory: Schema.String,
      sourceGroupId: Schema.Number,
      sourceGroup: Schema.String,
      sourcePriorityId: Schema.Number,
      sourcePriority: Schema.String,
    }),
  ),
});

const nothing: ArticleSourceSearchResult = { sources: [], error: false };

/**
 * The article source search (spec 000 §7), built by src/domain/article-source-search.ts. A
 * failure is logged and answers empty with `error` true (spec 000 §8 "Search service error:
 * logged and swallowed").
 */
export function createArticleSourceSearch(
  send: SearchServiceSend,
  log: (message: string) => Promise<void>,
): ArticleSourceSearchEngineApi {
  return {
    async searchArticleSources(text) {
      if (!isArticleSourceSearchable(text)) return nothing;
      try {
        const answer = await send(
          'GET',
          '',
          articleSourcesQuery(text),
          ArticleSourceSearchResponse,
        );
        // Only what the contract names crosses to the UI (the answer carries @search.score).
        const sources = answer.value.map((s) => ({
          id: s.id,
          domain: s.domain,
          sourceCategoryId: s.sourceCategoryId,
          sourceCategory: s.sourceCategory,
          sourceGroupId: s.sourceGroupId,
          sourceGroup: s.sourceGroup,
          sourcePriorityId: s.sourcePriorityId,
          sourcePriority: s.sourcePriority,
        }));
        return { sources, error: false };
      } catch (error) {
        if (!(error instanceof SearchFailure)) throw error;
        await log(`Search error: ${error.message}`);
        return { sources: [], error: true };
      }
    },
  };
}
