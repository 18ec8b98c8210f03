import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Schema } from 'effect';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client';
import { oidcPayloads } from '../db/schema/oidc';

/** The provider's secrets: the access/ID token signing key set and the cookie signing keys. */
export interface ProviderKeys {
  /** Private JWKs (RS256) the provider signs with. */
  readonly signingKeys: readonly JWK[];
  /** Keygrip keys for the provider's signed cookies. */
  readonly cookieKeys: readonly string[];
}

const Jwk = Schema.Struct({ kty: Schema.String, kid: Schema.String }).pipe(
  Schema.extend(Schema.Record({ key: Schema.String, value: Schema.Unknown })),
);
const StoredKeys = Schema.Struct({
  signingKeys: Schema.NonEmptyArray(Jwk),
  cookieKeys: Schema.NonEmptyArray(Schema.String),
});

const kind = 'ProviderKeys';
const id = 'current';
export const signingAlgorithm = 'RS256';

async function generateKeys(): Promise<ProviderKeys> {
  const { privateKey } = await generateKeyPair(signingAlgorithm, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return {
    signingKeys: [{ ...jwk, kid, alg: signingAlgorithm, use: 'sig' }],
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

/**
 * Loads the provider's keys from the database, generating and storing them on first start so
 * tokens and sessions survive restarts (and every instance on one PostgreSQL shares them).
 */
export async function loadProviderKeys(db: Db): Promise<ProviderKeys> {
  const where = and(eq(oidcPayloads.kind, kind), eq(oidcPayloads.id, id));
  const read = async () =>
    (
      await db.select({ payload: oidcPayloads.payload }).from(oidcPayloads).where(where).limit(1)
    )[0];
  let row = await read();
  if (row === undefined) {
    // Two instances starting together both generate; the first insert wins and both read it.
    await db
      .insert(oidcPayloads)
      .values({ kind, id, payload: await generateKeys() })
      .onConflictDoNothing();
    row = await read();
  }
  if (row === undefined) throw new Error('could not store the OpenID provider keys');
  const stored = Schema.decodeUnknownSync(StoredKeys)(row.payload);
  return { signingKeys: stored.signingKeys, cookieKeys: stored.cookieKeys };
}

/** The public half of a private JWK (what the provider publishes at its jwks_uri). */
export function publicJwk(jwk: JWK): JWK {
  const { kty, kid, alg, use, n, e, crv, x, y } = jwk;
  return Object.fromEntries(
    Object.entries({ kty, kid, alg, use, n, e, crv, x, y }).filter(([, v]) => v !== undefined),
  );
}
