import { describe, expect, it } from 'vitest';
import {
  embeddedSearchAdminKey,
  embeddedSearchQueryKey,
  loadServerConfig,
  runtimeConfigOf,
} from './config';

describe('the search service keys', () => {
  it('gives the browser the query key and keeps the admin key on the server', () => {
    const config = loadServerConfig({});
    expect(config.searchApiKey).toBe(embeddedSearchAdminKey);
    expect(config.searchQueryKey).toBe(embeddedSearchQueryKey);
    expect(runtimeConfigOf(config).searchApiKey).toBe(embeddedSearchQueryKey);
    const set = loadServerConfig({ SEARCH_API_KEY: 'admin', SEARCH_QUERY_KEY: 'query' });
    expect(runtimeConfigOf(set).searchApiKey).toBe('query');
  });

  it('refuses a real service without a query key, and a query key equal to the admin key', () => {
    expect(() => loadServerConfig({ SEARCH_URL: 'https://x.search.windows.net' })).toThrow(
      /SEARCH_QUERY_KEY is required with SEARCH_URL/,
    );
    expect(() => loadServerConfig({ SEARCH_API_KEY: 'same', SEARCH_QUERY_KEY: 'same' })).toThrow(
      /must differ/,
    );
    const azure = loadServerConfig({
      SEARCH_URL: 'https://x.search.windows.net/',
      SEARCH_API_KEY: 'admin',
      SEARCH_QUERY_KEY: 'query',
    });
    expect(runtimeConfigOf(azure)).toMatchObject({
      searchApiKey: 'query',
      articleSearchUrl: 'https://x.search.windows.net/indexes/articles/docs',
    });
  });
});
