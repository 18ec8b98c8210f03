import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { ApiScope } from '@domain/runtime-config';
import { messages } from '@domain/messages';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { AccessTokenClaims, Identity } from '../identity';
import { sendErrors } from './errors';

/** The analyst behind an /api request. */
export interface CurrentUser {
  /** users.id, what reports and articles point at. */
  readonly id: number;
  readonly subject: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly initials: string;
  readonly scope: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the /api guard before any /api handler runs; null elsewhere. */
    user: CurrentUser | null;
  }
}

/** The signed-in user of an /api request (the guard has run, so it is there). */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (request.user === null) throw new Error('currentUser() outside the /api guard');
  return request.user;
}

/** Initials shown in the entries table: first letters of given and family name. */
export function initialsOf(givenName: string, familyName: string): string {
  return `${givenName.trim().charAt(0)}${familyName.trim().charAt(0)}`.toUpperCase();
}

// Re-writing last_seen_at on every request would make each API call a write; once per
// interval per subject is enough to know who uses the tool.
const lastSeenInterval = 5 * 60_000;
const maxCachedSubjects = 10_000;

interface Known {
  readonly user: CurrentUser;
  readonly email: string | undefined;
  readonly seenAt: number;
}

/** Upserts users from verified token claims, remembering known subjects in memory. */
export function createUserDirectory(db: Db) {
  const known = new Map<string, Known>();
  return {
    async ensure(claims: AccessTokenClaims): Promise<CurrentUser> {
      const now = Date.now();
      const hit = known.get(claims.sub);
      if (
        hit &&
        now - hit.seenAt < lastSeenInterval &&
        hit.user.givenName === claims.givenName &&
        hit.user.familyName === claims.familyName &&
        hit.email === claims.email
      ) {
        return hit.user.scope === claims.scope ? hit.user : { ...hit.user, scope: claims.scope };
      }
      const initials = initialsOf(claims.givenName, claims.familyName);
      const [row] = await db
        .insert(users)
        .values({
          subject: claims.sub,
          givenName: claims.givenName,
          familyName: claims.familyName,
          initials,
          email: claims.email ?? null,
        })
        .onConflictDoUpdate({
          target: users.subject,
          set: {
            givenName: claims.givenName,
            familyName: claims.familyName,
            initials,
            // A token without the claim keeps the address known from an earlier one.
            ...(claims.email === undefined ? {} : { email: claims.email }),
            lastSeenAt: sql`now()`,
          },
        })
        .returning({ id: users.id });
      if (!row) throw new Error(`user upsert returned nothing for ${claims.sub}`);
      const user: CurrentUser = {
        id: row.id,
        subject: claims.sub,
        givenName: claims.givenName,
        familyName: claims.familyName,
        initials,
        scope: claims.scope,
      };
      if (known.size >= maxCachedSubjects) known.clear();
      known.set(claims.sub, { user, email: claims.email, seenAt: now });
      return user;
    },
  };
}

/** The user directory's interface. */
export type UserDirectory = ReturnType<typeof createUserDirectory>;

const bearer = /^Bearer\s+(\S+)\s*$/i;

/**
 * The analyst's claims from an Authorization header: a bearer access token verified by the
 * identity service and carrying the API scope, else undefined (the reason goes to the log).
 * The /api guard and the embedded search service's browser reads both check tokens here.
 */
export async function verifiedApiClaims(
  identity: Identity,
  authorization: string | undefined,
  request: FastifyRequest,
): Promise<AccessTokenClaims | undefined> {
  const token = bearer.exec(authorization ?? '')?.[1];
  if (token === undefined) return undefined;
  let claims: AccessTokenClaims;
  try {
    claims = await identity.verifyAccessToken(token);
  } catch (error) {
    request.log.info(
      { reason: error instanceof Error ? error.message : String(error) },
      'bad token',
    );
    return undefined;
  }
  if (!claims.scope.split(' ').includes(ApiScope)) {
    request.log.info({ sub: claims.sub }, `token without the ${ApiScope} scope`);
    return undefined;
  }
  return claims;
}

/**
 * The /api guard: a bearer access token verified by the identity service and carrying the
 * API scope, else 401 `{ "errors": ["Unauthorized"] }`; then the user row is upserted.
 */
export function createApiGuard(identity: Identity, directory: UserDirectory) {
  return async function requireUser(request: FastifyRequest, reply: FastifyReply) {
    const claims = await verifiedApiClaims(identity, request.headers.authorization, request);
    if (claims === undefined) return sendErrors(reply, 401, [messages.unauthorized]);
    request.user = await directory.ensure(claims);
  };
}
