import { describe, expect, it } from 'vitest';
import type { QueryParameters } from '@domain/article-search/query';
import { SearchFailure, type SearchServiceSend } from '../search-service';
import { createArticleSourceSearch } from './article-source-search';

/** A send that records the parameters and answers one source (or fails). */
function fakeSend(outcome: 'one' | 'fail') {
  const sent: QueryParameters[] = [];
  const send = ((_method: string, _path: string, parameters: QueryParameters) => {
    sent.push(parameters);
    if (outcome === 'fail') return Promise.reject(new SearchFailure('GET /feeds answered 404'));
    return Promise.resolve({
      value: [
        {
          id: 7,
          domain: 'reuters.com',
          sourceCategoryId: 2,
          sourceCategory: 'Media',
          sourceGroupId: 9,
          sourceGroup: 'Wire service',
          sourcePriorityId: 1,
          sourcePriority: 'High',
        },
      ],
    });
  }) as SearchServiceSend;
  return { send, sent };
}

describe('the article source search client (worker)', () => {
  it('asks nothing until a letter or digit is typed', async () => {
    const { send, sent } = fakeSend('one');
    const search = createArticleSourceSearch(send, () => Promise.resolve());
    expect(await search.searchArticleSources(' .- ')).toEqual({ sources: [], error: false });
    expect(sent).toEqual([]);
  });

  it('sends the top 10 query and answers the sources', async () => {
    const { send, sent } = fakeSend('one');
    const search = createArticleSourceSearch(send, () => Promise.resolve());
    const answer = await search.searchArticleSources('reu');
    expect(answer.sources.map((s) => s.domain)).toEqual(['reuters.com']);
    expect(Object.fromEntries(sent[0] ?? [])).toMatchObject({ search: '+reu*', $top: '10' });
  });

  it('a failure is logged and answers empty (spec 000 §8)', async () => {
    const logged: string[] = [];
    const search = createArticleSourceSearch(fakeSend('fail').send, (message) => {
      logged.push(message);
      return Promise.resolve();
    });
    expect(await search.searchArticleSources('reu')).toEqual({ sources: [], error: true });
    expect(logged).toEqual(['Search error: GET /feeds answered 404']);
  });
});
