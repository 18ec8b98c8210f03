import { describe, expect, it } from 'vitest';
import {
  embeddedSearchAdminKey,
  embeddedSearchQueryKey,
  loadServerConfig,
  runtimeConfigOf,
} from './config';

describe('the search service keys', () => {
  it('puts no search key in the public runtime configuration', () => {
    const config = loadServerConfig({});
    expect(config.searchApiKey).toBe(embeddedSearchAdminKey);
    expect(config.searchQueryKey).toBe(embeddedSearchQueryKey);
    const set = loadServerConfig({ SEARCH_API_KEY: 'admin', SEARCH_QUERY_KEY: 'query' });
    for (const c of [config, set]) {
      const text = JSON.stringify(runtimeConfigOf(c));
      expect(text).not.toContain(c.searchQueryKey);
      expect(text).not.toContain(c.searchApiKey);
      expect(runtimeConfigOf(c)).not.toHaveProperty('searchApiKey');
    }
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
      articleSearchUrl: 'https://x.search.windows.net/indexes/articles/docs',
    });
  });
});
