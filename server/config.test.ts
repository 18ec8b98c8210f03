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

describe('the demo sign-in (issue 16)', () => {
  it('refuses to start the embedded provider under NODE_ENV=production', () => {
    expect(() => loadServerConfig({ NODE_ENV: 'production' })).toThrow(
      /does not start in production.*OIDC_ISSUER.*DEMO_SIGN_IN=allow/,
    );
  });

  it('starts it in production when explicitly allowed, and says so in /config.json', () => {
    const allowed = loadServerConfig({ NODE_ENV: 'production', DEMO_SIGN_IN: 'allow' });
    expect(runtimeConfigOf(allowed).demoSignIn).toBe(true);
    expect(runtimeConfigOf(loadServerConfig({})).demoSignIn).toBe(true);
  });

  it('needs no permission with an external issuer, and shows no demo banner then', () => {
    const external = loadServerConfig({
      NODE_ENV: 'production',
      OIDC_ISSUER: 'https://login.example.org/realms/ist',
    });
    expect(runtimeConfigOf(external).demoSignIn).toBe(false);
  });

  it('refuses other values of DEMO_SIGN_IN', () => {
    expect(() => loadServerConfig({ NODE_ENV: 'production', DEMO_SIGN_IN: 'yes' })).toThrow();
  });
});
