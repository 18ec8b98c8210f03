import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { HistoryRowJson } from '@domain/entries/entries-api';
import type { Db } from '../client';
import { auditLog, reportingPeriods, reports, users } from '../schema';

/**
 * The audit history of an activity's entries: its reports, report collections and reporting
 * periods, and the activity itself; latest first, at most `limit` rows.
 */
export async function activityHistory(
  db: Db,
  activityId: number,
  limit: number,
): Promise<HistoryRowJson[]> {
  const reportIds = db
    .select({ id: sql<string>`${reports.id}::text` })
    .from(reports)
    .where(eq(reports.diseaseActivityId, activityId));
  const periodIds = db
    .select({ id: sql<string>`${reportingPeriods.id}::text` })
    .from(reportingPeriods)
    .where(eq(reportingPeriods.diseaseActivityId, activityId));
  const rows = await db
    .select({
      at: auditLog.at,
      userId: auditLog.userId,
      given: users.givenName,
      family: users.familyName,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      or(
        and(eq(auditLog.entity, 'report'), inArray(auditLog.entityId, reportIds)),
        and(eq(auditLog.entity, 'reportingPeriod'), inArray(auditLog.entityId, periodIds)),
        and(
          eq(auditLog.entity, 'reportCollection'),
          sql`${auditLog.detail}->>'diseaseActivityId' = ${String(activityId)}`,
        ),
        and(eq(auditLog.entity, 'diseaseActivity'), eq(auditLog.entityId, String(activityId))),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    at: r.at.toISOString(),
    userId: r.userId,
    userName: r.given === null ? null : `${r.given} ${r.family ?? ''}`.trim(),
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    detail: { ...r.detail },
  }));
}
