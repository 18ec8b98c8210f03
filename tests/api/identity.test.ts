import type { FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { type ServerConfig, issuerOf, loadServerConfig } from '@server/config';
import { type OpenDatabase, openDatabase } from '@server/db/client';
import { type Identity, createIdentity } from '@server/identity';
import { loadProviderKeys } from '@server/identity/keys';
import { CookieJar, locationOf, refresh, request, signIn } from '../support/sign-in';
import { freePort } from '../support/test-server';

interface Running {
  readonly config: ServerConfig;
  readonly baseUrl: string;
  readonly app: FastifyInstance;
  readonly identity: Identity;
}

/** The real app (buildApp) with the real embedded identity, on a free port of its own. */
async function start(
  database: OpenDatabase,
  env: Readonly<Record<string, string>> = {},
): Promise<Running> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadServerConfig({
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: 'memory://',
    STATIC_DIR: '/nonexistent-ist-dist',
    LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'silent',
    ...env,
  });
  const identity = await createIdentity(config, database.db);
  const app = await buildApp({ config, db: database.db, identity });
  await app.listen({ port, host: '127.0.0.1' });
  return { config, baseUrl, app, identity };
}

const stop = async (running: Running | undefined) => {
  await running?.app.close();
  await running?.identity.close();
};

describe('identity: the embedded OpenID provider', () => {
  let database: OpenDatabase;
  let server: Running;

  beforeAll(async () => {
    database = await openDatabase(loadServerConfig({ DATA_DIR: 'memory://' }));
    await database.migrate();
    server = await start(database);
  });

  afterAll(async () => {
    await stop(server);
    await database?.close();
  });

  it('publishes its discovery document with the IST scopes, PKCE S256 and end_session', async () => {
    const res = await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta['issuer']).toBe(issuerOf(server.config));
    expect(meta['scopes_supported']).toEqual(
      expect.arrayContaining(['openid', 'profile', 'ist.api', 'account.api', 'offline_access']),
    );
    expect(meta['code_challenge_methods_supported']).toEqual(['S256']);
    expect(meta['authorization_endpoint']).toBe(`${server.baseUrl}/oidc/auth`);
    expect(meta['end_session_endpoint']).toBe(`${server.baseUrl}/oidc/session/end`);
    expect(meta['jwks_uri']).toBe(`${server.baseUrl}/oidc/jwks`);
  });

  it('gives tokens the IST API accepts, its JSON body parsing untouched by the mount', async () => {
    const { accessToken } = await signIn(server.baseUrl, 'analyst-amara');
    const post = (authorization: string) =>
      fetch(`${server.baseUrl}/api/log/js`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ logLevel: 'info', message: 'identity test' }),
      });
    expect((await post(`Bearer ${accessToken}`)).status).toBe(204);
    expect((await post('Bearer not-a-token')).status).toBe(401);
  });

  it('shows a sign-in page offering the named demo analysts', async () => {
    const jar = new CookieJar();
    const auth = `${server.baseUrl}/oidc/auth?${new URLSearchParams({
      response_type: 'code',
      client_id: 'ist-web',
      redirect_uri: `${server.baseUrl}/authentication/login-callback`,
      scope: 'openid profile',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString()}`;
    const page = await request(jar, locationOf(await request(jar, auth), auth));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<h1>Sign in</h1>');
    for (const name of ['Amara Okafor', 'Lukas Schneider', 'Mei Tanaka'])
      expect(html).toContain(name);
  });

  it('refuses an authorization request without PKCE', async () => {
    const auth = `${server.baseUrl}/oidc/auth?${new URLSearchParams({
      response_type: 'code',
      client_id: 'ist-web',
      redirect_uri: `${server.baseUrl}/authentication/login-callback`,
      scope: 'openid',
    }).toString()}`;
    const location = new URL(locationOf(await fetch(auth, { redirect: 'manual' }), auth));
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('signs an analyst in through the code flow: a JWT access token the API accepts', async () => {
    const tokens = await signIn(server.baseUrl, 'analyst-amara');
    expect(decodeProtectedHeader(tokens.accessToken)).toMatchObject({
      typ: 'at+jwt',
      alg: 'RS256',
    });
    expect(decodeJwt(tokens.accessToken)).toMatchObject({
      aud: 'ist-api',
      iss: `${server.baseUrl}/oidc`,
      client_id: 'ist-web',
    });
    expect(decodeJwt(tokens.idToken)).toMatchObject({
      sub: 'analyst-amara',
      given_name: 'Amara',
      family_name: 'Okafor',
      name: 'Amara Okafor',
    });
    expect(tokens.refreshToken).toEqual(expect.any(String));

    const claims = await server.identity.verifyAccessToken(tokens.accessToken);
    expect(claims).toEqual({
      sub: 'analyst-amara',
      givenName: 'Amara',
      familyName: 'Okafor',
      // Where notification mails go (the outbox).
      email: 'amara.okafor@ist.example',
      scope: expect.stringMatching(/^(?=.*\bist\.api\b)(?=.*\baccount\.api\b)/),
    });
  });

  it('puts the names in the ID token: the API token is refused at userinfo', async () => {
    // So the SPA reads the profile from the ID token (oidc-client-ts loadUserInfo: false).
    const { accessToken } = await signIn(server.baseUrl, 'analyst-mei');
    const res = await fetch(`${server.baseUrl}/oidc/me`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.status).toBe(401);
  });

  it('rejects a token signed by another key, an expired token and a wrong audience', async () => {
    const { accessToken } = await signIn(server.baseUrl, 'analyst-lukas');
    const claims = decodeJwt(accessToken);
    const [providerJwk] = (await loadProviderKeys(database.db)).signingKeys;
    if (providerJwk === undefined) throw new Error('no provider key');
    const providerKey = await importJWK(providerJwk, 'RS256');
    const header = { alg: 'RS256', typ: 'at+jwt', kid: providerJwk.kid ?? '' };
    const now = Math.floor(Date.now() / 1000);

    const foreign = await generateKeyPair('RS256');
    const forged = await new SignJWT(claims).setProtectedHeader(header).sign(foreign.privateKey);
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
      .setProtectedHeader(header)
      .sign(providerKey);
    const otherAudience = await new SignJWT({ ...claims, aud: 'another-api' })
      .setProtectedHeader(header)
      .sign(providerKey);
    const genuineCopy = await new SignJWT(claims).setProtectedHeader(header).sign(providerKey);

    await expect(server.identity.verifyAccessToken(forged)).rejects.toThrow(/signature/);
    await expect(server.identity.verifyAccessToken(expired)).rejects.toThrow(/exp/);
    await expect(server.identity.verifyAccessToken(otherAudience)).rejects.toThrow(/aud/);
    await expect(server.identity.verifyAccessToken('not-a-jwt')).rejects.toThrow();
    // The control: the same claims signed with the provider's key pass.
    await expect(server.identity.verifyAccessToken(genuineCopy)).resolves.toMatchObject({
      sub: 'analyst-lukas',
    });
  });

  it('renews tokens with the refresh_token grant (rotating the refresh token)', async () => {
    const first = await signIn(server.baseUrl, 'analyst-mei');
    if (first.refreshToken === undefined) throw new Error('no refresh token');
    // The token response's scope is the access token's; oidc-client-ts sends it back on refresh.
    expect(first.scope).toBe('ist.api account.api');
    const renewed = await refresh(server.baseUrl, first.refreshToken, {
      scope: 'ist.api account.api',
    });
    expect(renewed.refreshToken).toEqual(expect.any(String));
    expect(renewed.refreshToken).not.toBe(first.refreshToken);
    await expect(server.identity.verifyAccessToken(renewed.accessToken)).resolves.toMatchObject({
      sub: 'analyst-mei',
      givenName: 'Mei',
      familyName: 'Tanaka',
    });
    // Without a scope the whole grant is renewed, with a fresh ID token.
    if (renewed.refreshToken === undefined) throw new Error('no rotated refresh token');
    const full = await refresh(server.baseUrl, renewed.refreshToken);
    expect(decodeJwt(full.idToken ?? '')).toMatchObject({ sub: 'analyst-mei', name: 'Mei Tanaka' });
    // A rotated-out refresh token is spent, and replaying it revokes the whole grant.
    await expect(refresh(server.baseUrl, first.refreshToken)).rejects.toThrow(/invalid_grant/);
    if (full.refreshToken === undefined) throw new Error('no rotated refresh token');
    await expect(refresh(server.baseUrl, full.refreshToken)).rejects.toThrow(/invalid_grant/);
  });

  it('signs out through end_session back to the post-logout URI with the state', async () => {
    const jar = new CookieJar();
    const { idToken, refreshToken } = await signIn(server.baseUrl, 'analyst-amara', { jar });
    const postLogout = `${server.baseUrl}/authentication/logout-callback`;
    const end = `${server.baseUrl}/oidc/session/end?${new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: postLogout,
      state: 'sign-out-state',
    }).toString()}`;
    const page = await request(jar, end);
    const html = await page.text();
    expect(page.status).toBe(200);
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    if (action === undefined || xsrf === undefined) throw new Error('no logout form');
    // What the page's script submits at once.
    const confirm = await request(jar, action, { form: { xsrf, logout: 'yes' } });
    expect(locationOf(confirm, action)).toBe(`${postLogout}?state=sign-out-state`);
    // The refresh token ended with the provider session.
    if (refreshToken === undefined) throw new Error('no refresh token');
    await expect(refresh(server.baseUrl, refreshToken)).rejects.toThrow(/invalid_grant/);

    // The provider session is gone: the next authorization asks who signs in.
    const again = await signIn(server.baseUrl, 'analyst-lukas', { jar });
    expect(decodeJwt(again.idToken).sub).toBe('analyst-lukas');
  });

  it('keeps its keys and state in the database: a new instance accepts earlier tokens', async () => {
    const { accessToken, refreshToken } = await signIn(server.baseUrl, 'analyst-mei');
    const restarted = await createIdentity(server.config, database.db);
    await expect(restarted.verifyAccessToken(accessToken)).resolves.toMatchObject({
      sub: 'analyst-mei',
    });
    await restarted.close();
    if (refreshToken === undefined) throw new Error('no refresh token');
    await expect(refresh(server.baseUrl, refreshToken)).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
  });

  it('verifies tokens of an external issuer through its discovery document and JWKS', async () => {
    const external = await createIdentity(
      loadServerConfig({ OIDC_ISSUER: `${server.baseUrl}/oidc/`, DATA_DIR: 'memory://' }),
      database.db,
    );
    const { accessToken } = await signIn(server.baseUrl, 'analyst-lukas');
    await expect(external.verifyAccessToken(accessToken)).resolves.toMatchObject({
      sub: 'analyst-lukas',
      givenName: 'Lukas',
      familyName: 'Schneider',
    });
    const wrongAudience = await createIdentity(
      loadServerConfig({
        OIDC_ISSUER: `${server.baseUrl}/oidc`,
        OIDC_AUDIENCE: 'other',
        DATA_DIR: 'memory://',
      }),
      database.db,
    );
    await expect(wrongAudience.verifyAccessToken(accessToken)).rejects.toThrow(/aud/);
    await external.close();
    await wrongAudience.close();
  });
});

describe('identity: the OpenID endpoints are rate-limited per client (issue 16)', () => {
  let database: OpenDatabase;
  let server: Running;

  beforeAll(async () => {
    database = await openDatabase(loadServerConfig({ DATA_DIR: 'memory://' }));
    await database.migrate();
    server = await start(database, { RATE_LIMIT_MAX: '6', RATE_LIMIT_WINDOW_MS: '60000' });
  });

  afterAll(async () => {
    await stop(server);
    await database?.close();
  });

  it('answers 429 with Retry-After past the limit, on discovery, the sign-in start and the token endpoint', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    for (const [method, path] of [
      ['GET', '/oidc/.well-known/openid-configuration'],
      ['GET', '/oidc/auth?client_id=ist-spa&response_type=code'],
      ['POST', '/oidc/token'],
    ] as const) {
      const res = await fetch(`${server.baseUrl}${path}`, { method, redirect: 'manual' });
      expect(res.status, path).toBe(429);
      expect(res.headers.get('retry-after'), path).toMatch(/^\d+$/);
    }
    // /api is not limited this way: it checks a token first (401 here, not 429).
    expect((await fetch(`${server.baseUrl}/api/lookups`)).status).toBe(401);
  });
});
