import type { Db } from '../client';
import type { AuditDetail } from '../schema';
import { auditLog } from '../schema';

/** One audit entry: who (null for the system) did what to which entity. */
export interface AuditEntry {
  readonly userId: number | null;
  readonly action: string;
  readonly entity: string;
  readonly entityId: string | number;
  readonly detail?: AuditDetail;
}

/**
 * Appends to the audit log. Pass the transaction handle when the change runs in one, so the
 * entry commits (or rolls back) with it.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    detail: entry.detail ?? {},
  });
}

/** Audit rows per statement: five parameters each, under the 65,535 a statement may carry. */
const auditRowsPerInsert = 10_000;

/** Appends many entries to the audit log in multi-row statements (in the given order). */
export async function recordAudits(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  for (let at = 0; at < entries.length; at += auditRowsPerInsert) {
    await db.insert(auditLog).values(
      entries.slice(at, at + auditRowsPerInsert).map((entry) => ({
        userId: entry.userId,
        action: entry.action,
        entity: entry.entity,
        entityId: String(entry.entityId),
        detail: entry.detail ?? {},
      })),
    );
  }
}
