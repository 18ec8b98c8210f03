import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  demoSignInRefused,
  embeddedSearchAdminKey,
  embeddedSearchQueryKey,
  loadServerConfig,
  publishedSearchKeysRefused,
  runtimeConfigOf,
} from './config';

/** Keys of the operator's own, as a production deployment sets them. */
const ownKeys = { SEARCH_API_KEY: 'a-secret-admin-key', SEARCH_QUERY_KEY: 'a-secret-query-key' };

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

describe('the CORS origins of the indexes IST puts on its search service (issue 30)', () => {
  it("defaults to PUBLIC_URL's origin and takes a list of origins or '*'", () => {
    expect(loadServerConfig({ PUBLIC_URL: 'https://ist.example.org/' }).searchCorsOrigins).toEqual([
      'https://ist.example.org',
    ]);
    expect(loadServerConfig({ PORT: '5100' }).searchCorsOrigins).toEqual(['http://localhost:5100']);
    expect(
      loadServerConfig({
        SEARCH_CORS_ORIGINS: 'https://a.example:8443/app, https://b.example',
      }).searchCorsOrigins,
    ).toEqual(['https://a.example:8443', 'https://b.example']);
    expect(
      loadServerConfig({ SEARCH_CORS_ORIGINS: 'https://a.example,*' }).searchCorsOrigins,
    ).toEqual(['*']);
  });

  it('refuses what is not an origin', () => {
    for (const given of ['ist.example.org', 'ist.example.org:443', 'ftp://ist.example.org']) {
      expect(() => loadServerConfig({ SEARCH_CORS_ORIGINS: given }), given).toThrow(
        /SEARCH_CORS_ORIGINS: '.*' is not an origin/,
      );
    }
  });
});

describe('the demo sign-in (issue 16)', () => {
  it('refuses to start the embedded provider under NODE_ENV=production', () => {
    expect(() => loadServerConfig({ NODE_ENV: 'production' })).toThrow(
      /does not start in production.*OIDC_ISSUER.*DEMO_SIGN_IN=allow/,
    );
  });

  it('starts it in production when explicitly allowed, and says so in /config.json', () => {
    const allowed = loadServerConfig({ NODE_ENV: 'production', DEMO_SIGN_IN: 'allow', ...ownKeys });
    expect(runtimeConfigOf(allowed).demoSignIn).toBe(true);
    expect(runtimeConfigOf(loadServerConfig({})).demoSignIn).toBe(true);
  });

  it('needs no permission with an external issuer, and shows no demo banner then', () => {
    const external = loadServerConfig({
      NODE_ENV: 'production',
      OIDC_ISSUER: 'https://login.example.org/realms/ist',
      ...ownKeys,
    });
    expect(runtimeConfigOf(external).demoSignIn).toBe(false);
  });

  it('refuses other values of DEMO_SIGN_IN', () => {
    expect(() => loadServerConfig({ NODE_ENV: 'production', DEMO_SIGN_IN: 'yes' })).toThrow();
  });
});

describe('production defaults (issue 30)', () => {
  const production = { OIDC_ISSUER: 'https://login.example.org/realms/ist', ...ownKeys };

  it('matches NODE_ENV without regard to case', () => {
    for (const NODE_ENV of ['Production', 'PRODUCTION', 'production']) {
      expect(() => loadServerConfig({ NODE_ENV })).toThrow(demoSignInRefused);
      expect(loadServerConfig({ NODE_ENV, ...production }).nodeEnv).toBe('production');
    }
    expect(loadServerConfig({ NODE_ENV: 'Development' }).nodeEnv).toBe('development');
  });

  it('refuses the published search keys in production, either one missing', () => {
    const issuer = { NODE_ENV: 'production', OIDC_ISSUER: production.OIDC_ISSUER };
    expect(() => loadServerConfig(issuer)).toThrow(publishedSearchKeysRefused);
    expect(() => loadServerConfig({ ...issuer, SEARCH_API_KEY: ownKeys.SEARCH_API_KEY })).toThrow(
      /SEARCH_API_KEY \/ SEARCH_QUERY_KEY/,
    );
    expect(() =>
      loadServerConfig({ ...issuer, SEARCH_QUERY_KEY: ownKeys.SEARCH_QUERY_KEY }),
    ).toThrow(/SEARCH_API_KEY \/ SEARCH_QUERY_KEY/);
    // The keys written out in full, as an operator might copy them: still the published ones.
    expect(() =>
      loadServerConfig({
        ...issuer,
        SEARCH_API_KEY: embeddedSearchAdminKey,
        SEARCH_QUERY_KEY: embeddedSearchQueryKey,
      }),
    ).toThrow(publishedSearchKeysRefused);
    expect(loadServerConfig({ ...issuer, ...ownKeys }).searchApiKey).toBe(ownKeys.SEARCH_API_KEY);
  });

  it('seeds no demo articles or activities in production unless SEED_DEMO_DATA=on', () => {
    const quiet = loadServerConfig({ NODE_ENV: 'production', ...production, SEED_ARTICLES: '50' });
    expect([quiet.seedArticles, quiet.seedActivities]).toEqual([0, 0]);
    const asked = loadServerConfig({
      NODE_ENV: 'production',
      ...production,
      SEED_DEMO_DATA: 'on',
      SEED_ARTICLES: '50',
    });
    expect([asked.seedArticles, asked.seedActivities]).toEqual([50, 500]);
    const demo = loadServerConfig({});
    expect([demo.seedArticles, demo.seedActivities]).toEqual([20_000, 500]);
    expect(loadServerConfig({ SEED_DEMO_DATA: 'off' }).seedArticles).toBe(0);
  });

  it('serves source maps in production only when asked', () => {
    expect(loadServerConfig({ NODE_ENV: 'production', ...production }).serveSourceMaps).toBe(false);
    expect(
      loadServerConfig({ NODE_ENV: 'production', ...production, SERVE_SOURCE_MAPS: 'on' })
        .serveSourceMaps,
    ).toBe(true);
    expect(loadServerConfig({}).serveSourceMaps).toBe(true);
  });

  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadServerConfig({}).host).toBe('localhost');
    expect(loadServerConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('reads the version from package.json when npm did not set it (started with node)', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(version).not.toBe('0.0.0');
    expect(loadServerConfig({}).version).toBe(version);
    expect(loadServerConfig({ IST_VERSION: '9.9.9' }).version).toBe('9.9.9');
  });

  it('reads TRUST_PROXY as a hop count or as addresses', () => {
    expect(loadServerConfig({}).trustProxy).toBeUndefined();
    expect(loadServerConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadServerConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1',
    );
  });
});
