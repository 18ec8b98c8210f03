import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadServerConfig } from '@server/config';
import { type OpenDatabase, openDatabase } from '@server/db/client';
import { type Identity, createIdentity } from '@server/identity';
import { CookieJar, locationOf, request } from '../support/sign-in';
import { createTestIdentity } from '../support/test-identity';
import { freePort } from '../support/test-server';

/** A CSP header as directive → its sources. */
function directivesOf(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

interface Running {
  readonly baseUrl: string;
  readonly app: FastifyInstance;
  readonly identity: Identity;
}

/** The real app over HTTP with a built SPA page (a stand-in index.html) and `env`. */
async function start(
  database: OpenDatabase,
  staticDir: string,
  env: Record<string, string>,
  external = false,
): Promise<Running> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadServerConfig({
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: 'memory://',
    STATIC_DIR: staticDir,
    LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'silent',
    ...env,
  });
  const identity = external
    ? (await createTestIdentity()).identity
    : await createIdentity(config, database.db);
  const app = await buildApp({ config, db: database.db, identity });
  await app.listen({ port, host: '127.0.0.1' });
  return { baseUrl, app, identity };
}

/** Issue 16: security headers on the SPA, the API and the configuration; /oidc keeps its own. */
describe('security headers', () => {
  let database: OpenDatabase;
  let staticDir: string;
  let plain: Running;
  let https: Running;

  beforeAll(async () => {
    database = await openDatabase(loadServerConfig({ DATA_DIR: 'memory://' }));
    await database.migrate();
    staticDir = await mkdtemp(join(tmpdir(), 'ist-headers-'));
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>IST</title>');
    plain = await start(database, staticDir, {});
    // Served over https behind a proxy, with an external issuer and a real Azure service.
    https = await start(
      database,
      staticDir,
      {
        PUBLIC_URL: 'https://ist.example.org',
        OIDC_ISSUER: 'https://login.example.net/realms/ist',
        SEARCH_URL: 'https://ist-search.search.windows.net',
        SEARCH_API_KEY: 'admin-key-for-the-test',
        SEARCH_QUERY_KEY: 'query-key-for-the-test',
      },
      true,
    );
  }, 180_000);
  afterAll(async () => {
    for (const r of [plain, https]) {
      await r?.app.close();
      await r?.identity.close();
    }
    await database?.close();
    if (staticDir !== undefined) await rm(staticDir, { recursive: true, force: true });
  });

  const page = (r: Running, path = '/activity') =>
    fetch(`${r.baseUrl}${path}`, { headers: { accept: 'text/html' } });

  it('serves the SPA under a strict CSP: no inline script, no plugins, never framed', async () => {
    const res = await page(plain);
    expect(res.status).toBe(200);
    const csp = directivesOf(res.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toContain("'self'");
    for (const sources of csp.values()) {
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('*');
    }
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    // Plain http: no upgrade, no HSTS.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it("lets only our own origin frame the silent sign-in's pages (spec 000 §4)", async () => {
    const callback = await page(plain, '/authentication/login-callback?code=x');
    expect(
      directivesOf(callback.headers.get('content-security-policy')).get('frame-ancestors'),
    ).toEqual(["'self'"]);
    expect(callback.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const check = await fetch(`${plain.baseUrl}/oidc/.well-known/openid-configuration`);
    expect(check.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('sends nosniff, no Referer to linked sites, and no framing on every kind of answer', async () => {
    for (const res of [
      await page(plain),
      await fetch(`${plain.baseUrl}/config.json`),
      await fetch(`${plain.baseUrl}/api/diseaseactivities`),
      await fetch(`${plain.baseUrl}/search/indexes/articles/docs?api-version=2024-07-01`),
    ]) {
      expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), res.url).toBe('no-referrer');
      expect(res.headers.get('x-frame-options'), res.url).toBe('DENY');
      expect(res.headers.get('content-security-policy'), res.url).toMatch(/object-src 'none'/);
    }
  });

  it('adds HSTS and upgrades over https, and lets the browser reach the external issuer and search only', async () => {
    const res = await page(https);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    const csp = directivesOf(res.headers.get('content-security-policy'));
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(new Set(csp.get('connect-src'))).toEqual(
      new Set([
        "'self'",
        'https://ist.example.org',
        'https://login.example.net',
        'https://ist-search.search.windows.net',
      ]),
    );
  });

  it("keeps the sign-in page's own CSP (its inline style by hash), not the SPA's", async () => {
    const jar = new CookieJar();
    const authorize = new URL(`${plain.baseUrl}/oidc/auth`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: 'ist-web',
      redirect_uri: `${plain.baseUrl}/authentication/login-callback`,
      scope: 'openid',
      state: 'state-1',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const signInUrl = locationOf(await request(jar, authorize.href), authorize.href);
    const signInPage = await request(jar, signInUrl);
    expect(signInPage.status).toBe(200);
    expect(await signInPage.text()).toContain('<form');
    const csp = directivesOf(signInPage.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    // Its one inline style by hash; its script, if any, by hash too.
    expect(csp.get('style-src')?.[0]).toMatch(/^'sha256-/);
    expect(csp.get('script-src')?.every((s) => s === "'none'" || s.startsWith("'sha256-"))).toBe(
      true,
    );
    // Its form posts to our origin, and the redirects after the post end at the SPA: nowhere else.
    // (and vite's dev origin, as NODE_ENV is not production here).
    expect(csp.get('form-action')).toEqual([
      "'self'",
      new URL(plain.baseUrl).origin,
      'http://localhost:5173',
    ]);
    expect(signInPage.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
