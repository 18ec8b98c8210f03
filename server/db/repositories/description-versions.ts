import { and, desc, eq, sql } from 'drizzle-orm';
import type { DescriptionEditBody, DescriptionReportJson } from '@domain/entries/entries-api';
import { EntryType, ReportStatus } from '@domain/enums';
import { messages } from '@domain/messages';
import type { Db } from '../client';
import { descriptionVersions, diseaseActivities, reports, users } from '../schema';
import { lockActivityVersion } from './activity-version-lock';
import { recordAudit } from './audit';
import { activityReports, selectReports, toReportJson } from './entries-read';
import { EntriesRefusal } from './entries-submission';

/**
 * Situational updates and their version history (spec 001 §4 "Description edit", §7
 * "Description report", "Description versions"): editing a committed update keeps the earlier
 * wording in description_versions (hasPreviousVersion) and records who changed it.
 */

/** The description report of an activity with its earlier versions; undefined when unknown. */
export async function descriptionReport(
  db: Db,
  activityId: number,
  reportId: number,
): Promise<DescriptionReportJson | undefined> {
  const rows = await selectReports(
    db,
    activityReports(activityId, eq(reports.id, reportId), eq(reports.type, EntryType.DESCRIPTION)),
  );
  const [report] = toReportJson(rows);
  if (report === undefined) return undefined;
  const versions = await db
    .select({
      version: descriptionVersions.version,
      reportedOn: descriptionVersions.reportedOn,
      title: descriptionVersions.title,
      description: descriptionVersions.description,
      importance: descriptionVersions.importance,
      updateReason: descriptionVersions.updateReason,
      given: users.givenName,
      family: users.familyName,
      createdAt: descriptionVersions.createdAt,
    })
    .from(descriptionVersions)
    .leftJoin(users, eq(users.id, descriptionVersions.updatedByUserId))
    .where(eq(descriptionVersions.reportId, reportId))
    .orderBy(desc(descriptionVersions.version));
  return {
    report,
    versions: versions.map(({ given, family, createdAt, ...v }) => ({
      ...v,
      updatedBy: given === null ? null : `${given} ${family ?? ''}`.trim(),
      createdAt: createdAt.toISOString(),
    })),
  };
}

export interface DescriptionEdit {
  readonly activityId: number;
  readonly countryId: number;
  readonly reportId: number;
  readonly body: DescriptionEditBody;
  readonly expectedVersion: number;
  readonly userId: number;
}

/**
 * Replaces a committed update's wording, keeping the current one as a version, in one
 * transaction with the activity's version check (StaleVersion) and raise; answers the new
 * activity version.
 */
export async function editDescription(db: Db, edit: DescriptionEdit): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await lockActivityVersion(
      tx,
      edit.activityId,
      edit.countryId,
      edit.expectedVersion,
    );
    const [current] = await tx
      .select()
      .from(reports)
      .where(
        and(
          eq(reports.id, edit.reportId),
          eq(reports.diseaseActivityId, edit.activityId),
          eq(reports.type, EntryType.DESCRIPTION),
        ),
      )
      .for('update');
    if (current === undefined || current.reportStatus === ReportStatus.Deleted) {
      throw new EntriesRefusal(404, [messages.reportNotFound(edit.reportId)]);
    }
    if (current.reportStatus !== ReportStatus.Committed) {
      throw new EntriesRefusal(409, [messages.descriptionNotCommitted(edit.reportId)]);
    }
    const [last] = await tx
      .select({ version: sql<number>`coalesce(max(${descriptionVersions.version}), 0)::int` })
      .from(descriptionVersions)
      .where(eq(descriptionVersions.reportId, edit.reportId));
    await tx.insert(descriptionVersions).values({
      reportId: edit.reportId,
      version: (last?.version ?? 0) + 1,
      title: current.title,
      description: current.description ?? '',
      importance: current.importance ?? 'Standard',
      updateReason: current.updateReason,
      reportedOn: current.reportedOn,
      updatedByUserId: current.updatedByUserId,
    });
    const after = {
      reportedOn: edit.body.reportedOn ?? current.reportedOn,
      title: edit.body.title,
      description: edit.body.description,
      importance: edit.body.importance ?? current.importance,
      updateReason: edit.body.updateReason,
    };
    await tx
      .update(reports)
      .set({ ...after, updatedByUserId: edit.userId, updatedAt: new Date() })
      .where(eq(reports.id, edit.reportId));
    const version = locked.version + 1;
    await tx
      .update(diseaseActivities)
      .set({ version, updatedAt: new Date(), lastUpdatedByUserId: edit.userId })
      .where(eq(diseaseActivities.diseaseActivityId, edit.activityId));
    await recordAudit(tx, {
      userId: edit.userId,
      action: 'edit',
      entity: 'report',
      entityId: edit.reportId,
      detail: {
        before: {
          reportedOn: current.reportedOn,
          title: current.title,
          description: current.description,
          importance: current.importance,
          updateReason: current.updateReason,
        },
        after,
      },
    });
    return version;
  });
}
