import { Schema } from 'effect';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** The claims the API reads from a verified access token. */
export interface AccessTokenClaims {
  readonly sub: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly scope: string;
  /** The `email` claim when the token carries one (notification mails). */
  readonly email?: string;
}

/** A bearer token that is malformed, badly signed, expired, or meant for another audience. */
export class AccessTokenError extends Error {
  override readonly name = 'AccessTokenError';
}

/** What a verifier checks besides the signature and expiry. */
export interface Expected {
  readonly issuer: string;
  readonly audience: string;
  /** The JWT `typ` header to require (RFC 9068 'at+jwt'); external issuers vary, so optional. */
  readonly typ?: string;
  /** Accepted signing algorithms; default: jose's asymmetric ones. */
  readonly algorithms?: readonly string[];
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * Maps verified JWT claims to the analyst: given_name/family_name, else `name` split at the
 * first space; the scope from `scope` (RFC 9068) or Entra ID's `scp`.
 */
export function claimsOf(payload: Readonly<Record<string, unknown>>): AccessTokenClaims {
  const sub = text(payload['sub']);
  if (sub === '') throw new AccessTokenError('access token has no subject');
  let givenName = text(payload['given_name']);
  let familyName = text(payload['family_name']);
  if (givenName === '' && familyName === '') {
    const [first = '', ...rest] = text(payload['name']).split(/\s+/);
    givenName = first;
    familyName = rest.join(' ');
  }
  const scp = payload['scope'] ?? payload['scp'];
  const scope = Array.isArray(scp) ? scp.filter((s) => typeof s === 'string').join(' ') : text(scp);
  const email = text(payload['email']);
  return { sub, givenName, familyName, scope, ...(email === '' ? {} : { email }) };
}

/** Verifies signature, issuer, audience and expiry with jose, then maps the claims. */
export function createVerifier(
  getKey: JWTVerifyGetKey,
  expected: Expected,
): (token: string) => Promise<AccessTokenClaims> {
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer: expected.issuer,
        audience: expected.audience,
        requiredClaims: ['sub', 'exp'],
        ...(expected.typ === undefined ? {} : { typ: expected.typ }),
        ...(expected.algorithms === undefined ? {} : { algorithms: [...expected.algorithms] }),
      });
      return claimsOf(payload);
    } catch (e) {
      if (e instanceof joseErrors.JOSEError) throw new AccessTokenError(e.message, { cause: e });
      throw e;
    }
  };
}

const Discovery = Schema.Struct({ issuer: Schema.String, jwks_uri: Schema.String });

/**
 * A verifier for an external issuer: discovers its jwks_uri from the OpenID configuration on
 * first use (retrying on the next call if that failed), then lets jose fetch and cache its keys.
 */
export function createRemoteVerifier(
  issuer: string,
  audience: string,
): (token: string) => Promise<AccessTokenClaims> {
  let verifier: Promise<(token: string) => Promise<AccessTokenClaims>> | undefined;
  const discover = async () => {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`OpenID discovery at ${issuer} answered ${res.status}`);
    const meta = Schema.decodeUnknownSync(Discovery)(await res.json());
    return createVerifier(createRemoteJWKSet(new URL(meta.jwks_uri)), {
      issuer: meta.issuer,
      audience,
    });
  };
  return async (token) => {
    verifier ??= discover().catch((e: unknown) => {
      verifier = undefined;
      throw e;
    });
    return (await verifier)(token);
  };
}
