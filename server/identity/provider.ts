import Provider, {
  errors,
  type AdapterFactory,
  type Configuration,
  type Grant,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { AccountApiScope, ApiScope } from '@domain/runtime-config';
import { type ServerConfig, issuerOf } from '../config';
import { findDemoAnalyst, fullName } from './analysts';
import type { ProviderKeys } from './keys';
import { errorPage, signOutPage, signedOutPage, withFormAction, type Page } from './pages';

/** Where the provider is mounted in the Fastify server. */
export const oidcPath = '/oidc';

/** The API's scopes, granted on the API resource (not OpenID scopes). */
const apiScopes = `${ApiScope} ${AccountApiScope}`;
// The API scopes are also listed as OpenID scopes (so discovery advertises them), which makes
// the provider check them against the grant's OpenID scopes too.
const oidcScopes = `openid profile offline_access ${apiScopes}`;

// JWT access tokens cannot be revoked (the API checks only signature and expiry), so keep them
// short; the SPA renews them with its refresh token.
export const accessTokenTtl = 15 * 60;
const day = 24 * 60 * 60;

/** The resource indicator (RFC 8707) of the IST API; it must be an absolute URI. */
export const apiResourceOf = (config: ServerConfig) => `${config.publicUrl}/api`;

const devServerOrigin = 'http://localhost:5173';
const isLoopback = (url: string) =>
  /^(localhost|127\.0\.0\.1|\[::1\])$/.test(new URL(url).hostname);

/**
 * The SPA origins allowed to receive codes: the public URL, plus `vite` dev on a local machine
 * in development only (NODE_ENV unset or `development`; issue 16).
 */
export function clientOrigins(config: ServerConfig): string[] {
  const origin = new URL(config.publicUrl).origin;
  const development = config.nodeEnv === 'development';
  return development && isLoopback(origin) && origin !== devServerOrigin
    ? [origin, devServerOrigin]
    : [origin];
}

function send(ctx: KoaContextWithOIDC, page: Page, config: ServerConfig) {
  ctx.type = 'html';
  ctx.set('content-security-policy', withFormAction(page, clientOrigins(config)).csp);
  ctx.body = page.html;
}

/** Grants the first-party SPA everything it asks for: analysts only pick who they are. */
export function grantAll(grant: Grant, config: ServerConfig): void {
  grant.addOIDCScope(oidcScopes);
  grant.addResourceScope(apiResourceOf(config), apiScopes);
}

/**
 * The oidc-provider configuration of the embedded issuer: one public SPA client (code + PKCE,
 * refresh tokens through offline_access), the demo analysts as accounts, JWT access tokens for
 * the IST API whatever the SPA asks, consent implied for that client.
 */
export function createProvider(
  config: ServerConfig,
  keys: ProviderKeys,
  adapter: AdapterFactory,
): Provider {
  const apiResource = apiResourceOf(config);
  const origins = clientOrigins(config);
  const configuration: Configuration = {
    adapter,
    clients: [
      {
        client_id: config.oidcClientId,
        client_name: config.applicationName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: origins.map((o) => `${o}/authentication/login-callback`),
        post_logout_redirect_uris: origins.map((o) => `${o}/authentication/logout-callback`),
      },
    ],
    jwks: { keys: keys.signingKeys },
    cookies: { keys: keys.cookieKeys },
    claims: { openid: ['sub'], profile: ['name', 'given_name', 'family_name'] },
    scopes: ['openid', 'offline_access', ApiScope, AccountApiScope],
    // The access token is for the API, not the userinfo endpoint, so the SPA reads the
    // analyst's name from the ID token.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // oidc-provider drops offline_access unless the request says prompt=consent, which would put
    // a consent round trip in every sign-in. The first-party SPA gets a refresh token on every
    // code exchange instead; it expires with the provider session, so Sign Out ends it.
    issueRefreshToken: (_ctx, client, code) =>
      client.clientId === config.oidcClientId &&
      client.grantTypeAllowed('refresh_token') &&
      code.kind === 'AuthorizationCode',
    findAccount: (_ctx, sub) => {
      const analyst = findDemoAnalyst(sub);
      if (analyst === undefined) return undefined;
      return {
        accountId: analyst.subject,
        claims: () => ({
          sub: analyst.subject,
          given_name: analyst.givenName,
          family_name: analyst.familyName,
          name: fullName(analyst),
          email: analyst.email,
        }),
      };
    },
    extraTokenClaims: (_ctx, token) => {
      const analyst = 'accountId' in token ? findDemoAnalyst(token.accountId) : undefined;
      if (analyst === undefined) return undefined;
      // The e-mail rides in the access token so the API knows where notifications go.
      return {
        given_name: analyst.givenName,
        family_name: analyst.familyName,
        email: analyst.email,
      };
    },
    loadExistingGrant: async (ctx) => {
      const { client, session } = ctx.oidc;
      if (client === undefined || session === undefined) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const found = grantId === undefined ? undefined : await ctx.oidc.provider.Grant.find(grantId);
      const accountId = session.accountId;
      if (client.clientId !== config.oidcClientId || accountId === undefined) return found;
      const grant =
        found?.accountId === accountId
          ? found
          : new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grantAll(grant, config);
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `${oidcPath}/interaction/${interaction.uid}` },
    clientBasedCORS: (_ctx, origin, client) =>
      client.clientId === config.oidcClientId && origins.includes(origin),
    renderError: (ctx, out) => {
      send(ctx, errorPage(out.error_description ?? out.error, config.publicUrl), config);
    },
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * day,
      Session: 14 * day,
      // A rotated refresh token keeps what was left of the first one, so a stolen chain ends.
      RefreshToken: (ctx) => ctx.oidc.entities.RotatedRefreshToken?.remainingTTL ?? 14 * day,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => send(ctx, signOutPage(form), config),
        postLogoutSuccessSource: (ctx) => send(ctx, signedOutPage(config.publicUrl), config),
      },
      resourceIndicators: {
        enabled: true,
        // A plain SPA request (no `resource`) still gets a JWT for the API.
        defaultResource: () => apiResource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource, client) => {
          if (resource !== apiResource || client.clientId !== config.oidcClientId) {
            throw new errors.InvalidTarget();
          }
          return {
            scope: apiScopes,
            audience: config.oidcAudience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: accessTokenTtl,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
  };
  const provider = new Provider(issuerOf(config), configuration);
  // Behind a TLS-terminating proxy (an https public URL) the provider must trust
  // X-Forwarded-Proto to build https URLs and set secure cookies.
  provider.proxy = config.publicUrl.startsWith('https:');
  return provider;
}
