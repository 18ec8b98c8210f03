import { SignJWT, errors, generateKeyPair, jwtVerify } from 'jose';
import type { CryptoKey } from 'jose';
import { ApiScope, defaultOidcScope } from '@domain/runtime-config';
import type { AccessTokenClaims, Identity } from '@server/identity';
import { claimsOf } from '@server/identity/verify';

/** Who a test token is for; every field optional. */
export interface TestTokenClaims {
  readonly sub?: string;
  readonly givenName?: string;
  readonly familyName?: string;
  readonly scope?: string;
  readonly email?: string;
  /** Seconds from now; negative for an expired token. */
  readonly expiresIn?: number;
}

/** A stand-in external issuer and the Identity verifying its tokens (no /oidc routes). */
export interface TestIdentity {
  readonly identity: Identity;
  readonly issuer: string;
  readonly audience: string;
  /** A signed RS256 access token for this issuer. */
  token(claims?: TestTokenClaims): Promise<string>;
  /** A token of the right shape signed by some other key. */
  foreignToken(claims?: TestTokenClaims): Promise<string>;
}

const sign = (key: CryptoKey, issuer: string, audience: string, c: TestTokenClaims) =>
  new SignJWT({
    scope: c.scope ?? defaultOidcScope,
    given_name: c.givenName ?? 'Ada',
    family_name: c.familyName ?? 'Analyst',
    ...(c.email === undefined ? {} : { email: c.email }),
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' })
    .setSubject(c.sub ?? 'analyst-ada')
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + (c.expiresIn ?? 600))
    .sign(key);

/**
 * Our test double of an external OpenID issuer: a local RS256 key pair, tokens signed with
 * jose, verification with jose exactly as a real issuer's JWKS would be used.
 */
export async function createTestIdentity(
  issuer = 'https://issuer.test',
  audience = 'ist-api',
): Promise<TestIdentity> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const identity: Identity = {
    async register() {},
    async verifyAccessToken(token: string): Promise<AccessTokenClaims> {
      const { payload } = await jwtVerify(token, publicKey, {
        issuer,
        audience,
        algorithms: ['RS256'],
      });
      if (payload.sub === undefined) throw new errors.JWTClaimValidationFailed('no sub', payload);
      // The server's own claim mapping (names, scope, email), as a real issuer's tokens get.
      return claimsOf(payload);
    },
    async close() {},
  };
  return {
    identity,
    issuer,
    audience,
    token: (claims = {}) => sign(privateKey, issuer, audience, claims),
    foreignToken: (claims = {}) => sign(other.privateKey, issuer, audience, claims),
  };
}

/** A scope string without the API scope, for the scope check. */
export const scopeWithoutApi = defaultOidcScope
  .split(' ')
  .filter((s) => s !== ApiScope)
  .join(' ');
