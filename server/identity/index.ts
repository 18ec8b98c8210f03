import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet } from 'jose';
import { type ServerConfig, issuerOf } from '../config';
import type { Db } from '../db/client';
import { deleteExpiredPayloads, drizzleAdapter } from './adapter';
import { loadProviderKeys, publicJwk, signingAlgorithm } from './keys';
import { mountProvider } from './mount';
import { createProvider } from './provider';
import { createRemoteVerifier, createVerifier, type AccessTokenClaims } from './verify';

export { AccessTokenError, type AccessTokenClaims } from './verify';
export { demoAnalysts, type DemoAnalyst } from './analysts';

/** Sign-in for IST: the embedded OpenID provider (or an external issuer) and token checks. */
export interface Identity {
  /** Mounts the embedded provider under /oidc (no-op with an external issuer). */
  register(app: FastifyInstance): Promise<void>;
  /**
   * Verifies a bearer access token against the issuer's JWKS with jose; rejects (with an
   * AccessTokenError for a bad, expired or foreign token) otherwise. JWT access tokens cannot
   * be revoked: a signed-out analyst's token stays valid until it expires (15 minutes for the
   * embedded issuer).
   */
  verifyAccessToken(token: string): Promise<AccessTokenClaims>;
  /**
   * An external issuer only: whether its discovery document answers now (/readyz: while it
   * does not, every token gets 401). Looked up at most every 10 s.
   */
  reachable?(): Promise<boolean>;
  close(): Promise<void>;
}

/** How long one look at an external issuer may take, and how long its answer is kept. */
const issuerProbeTimeoutMs = 2_000;
const issuerProbeKeptMs = 10_000;

/** Whether `issuer`'s discovery document answers 200, asked at most every issuerProbeKeptMs. */
function issuerProbe(issuer: string): () => Promise<boolean> {
  let last: { at: number; answer: Promise<boolean> } | undefined;
  return () => {
    if (last === undefined || Date.now() - last.at > issuerProbeKeptMs) {
      last = {
        at: Date.now(),
        answer: fetch(`${issuer}/.well-known/openid-configuration`, {
          signal: AbortSignal.timeout(issuerProbeTimeoutMs),
        }).then(
          async (res) => {
            await res.body?.cancel();
            return res.ok;
          },
          () => false,
        ),
      };
    }
    return last.answer;
  };
}

const cleanupInterval = 10 * 60_000;

/** Token checks against an external issuer (OIDC_ISSUER); nothing is mounted. */
export function externalIdentity(issuer: string, audience: string): Identity {
  return {
    register: () => Promise.resolve(),
    verifyAccessToken: createRemoteVerifier(issuer, audience),
    reachable: issuerProbe(issuer),
    close: () => Promise.resolve(),
  };
}

/**
 * Creates the identity service for this configuration: with config.oidcIssuer, token checks
 * against that issuer only; without it, the embedded oidc-provider (keys and state in the
 * database) and checks against its own key set.
 */
export async function createIdentity(config: ServerConfig, db: Db): Promise<Identity> {
  if (config.oidcIssuer !== undefined)
    return externalIdentity(config.oidcIssuer, config.oidcAudience);

  const keys = await loadProviderKeys(db);
  const provider = createProvider(config, keys, drizzleAdapter(db));
  const verifyAccessToken = createVerifier(
    createLocalJWKSet({ keys: keys.signingKeys.map(publicJwk) }),
    {
      issuer: issuerOf(config),
      audience: config.oidcAudience,
      typ: 'at+jwt',
      algorithms: [signingAlgorithm],
    },
  );
  let cleanup: NodeJS.Timeout | undefined;
  return {
    async register(app) {
      await mountProvider(app, provider, config);
      cleanup = setInterval(() => {
        deleteExpiredPayloads(db).catch((err: unknown) =>
          app.log.warn({ err }, 'could not delete expired OpenID provider rows'),
        );
      }, cleanupInterval);
      cleanup.unref();
    },
    verifyAccessToken,
    close() {
      clearInterval(cleanup);
      return Promise.resolve();
    },
  };
}
