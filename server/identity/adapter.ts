import { and, eq, gt, isNull, lt, or, inArray, sql } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client';
import { advisoryLocks } from '../db/client';
import { rowsOf } from '../db/rows';
import { oidcPayloads } from '../db/schema/oidc';

// The models whose rows carry a grantId the provider may revoke together (the same set as
// oidc-provider's own MemoryAdapter).
const grantable = [
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
];

const epochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()));

interface Row {
  readonly payload: unknown;
  readonly consumedAt: Date | null;
}

// The payload is what upsert() stored for this provider, so reading it back as such is sound.
const payloadOf = (row: Row | undefined): AdapterPayload | undefined =>
  row === undefined
    ? undefined
    : {
        ...(row.payload as AdapterPayload),
        ...(row.consumedAt === null ? {} : { consumed: epochSeconds(row.consumedAt) }),
      };

/** oidc-provider's storage interface over the oidc_payloads table, one adapter per model name. */
class DrizzleAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000);
    const row = {
      payload,
      grantId: grantable.includes(this.kind) ? (payload.grantId ?? null) : null,
      userCode: payload.userCode ?? null,
      uid: this.kind === 'Session' ? (payload.uid ?? null) : null,
      expiresAt,
      consumedAt: null,
    };
    await this.db
      .insert(oidcPayloads)
      .values({ kind: this.kind, id, ...row })
      .onConflictDoUpdate({ target: [oidcPayloads.kind, oidcPayloads.id], set: row });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id), notExpired()))
      .limit(1);
    return payloadOf(row);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.uid, uid), notExpired()))
      .limit(1);
    return payloadOf(row);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(
        and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.userCode, userCode), notExpired()),
      )
      .limit(1);
    return payloadOf(row);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(oidcPayloads)
      .set({ consumedAt: new Date() })
      .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(oidcPayloads)
      .where(and(inArray(oidcPayloads.kind, grantable), eq(oidcPayloads.grantId, grantId)));
  }
}

/** The provider's adapter factory: every model stored in oidc_payloads of this database. */
export function drizzleAdapter(db: Db): AdapterFactory {
  return (kind) => new DrizzleAdapter(db, kind);
}

/**
 * Deletes expired rows; the provider never reads them (find filters on expiry) but they pile up.
 * Of several servers on one database only one deletes at a time: the others find the
 * transaction's advisory lock taken and skip this round (false). The lock ends with the
 * transaction, so a server killed mid-delete holds nothing.
 */
export async function deleteExpiredPayloads(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf(
      await tx.execute(
        sql`select pg_try_advisory_xact_lock(${advisoryLocks.identityCleanup}) as "claimed"`,
      ),
    );
    if (row?.['claimed'] !== true) return false;
    await tx.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
    return true;
  });
}
