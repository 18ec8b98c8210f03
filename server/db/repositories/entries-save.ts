import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CaseCounts } from '@domain/entries/case-figures';
import type { DailyTotal } from '@domain/entries/daily-totals';
import type { EntriesBody, SaveAnswerJson } from '@domain/entries/entries-api';
import { collectionEtag } from '@domain/entries/entries-api';
import type { EntryMessage } from '@domain/entries/entry-message';
import { serverMessages } from '@domain/entries/entry-message';
import type { PropagationRequest, SubmittedEntry } from '@domain/entries/submission';
import type { EntryListKey } from '@domain/entries/submission-body';
import { EntryType, MessageLevel, ReportStatus } from '@domain/enums';
import { messages } from '@domain/messages';
import type { Db } from '../client';
import {
  diseaseActivities,
  reportArticles,
  reportCollections,
  reportingPeriods,
  reports,
} from '../schema';
import { findActivity } from './activity-detail';
import { refreshOwedFigures } from './activity-figures';
import { StaleVersion, lockActivityVersion } from './activity-version-lock';
import { withSummariesDeferred } from './summaries-deferred';
import { recordAudit, recordAudits } from './audit';
import { insertArticleLinks, insertReports } from './reports-batch-insert';
import { queueUpdateMails } from '../../mail/outbox';
import { columnsOfCounts, countsOfRow } from './entries-read';
import type { PreparedSubmission } from './entries-submission';
import { EntriesRefusal, prepareSubmission } from './entries-submission';

type ReportRow = typeof reports.$inferSelect;

/**
 * Save and commit (spec 001 §4, §7 "Save"): in one transaction the activity row is locked and
 * its version checked (If-Match), the submission re-validated, the collection and its entries
 * written, and on commit the Daily Totals, propagation and reporting periods applied; the
 * version is raised and every change recorded in the audit log. A refusal rolls it all back.
 */

export interface SaveRequest {
  readonly activityId: number;
  readonly countryId: number;
  /** The saved collection saved again (PUT), or null for a new one (POST). */
  readonly collectionId: number | null;
  readonly body: EntriesBody;
  readonly propagation: PropagationRequest;
  /** The version the analyst read (from If-Match). */
  readonly expectedVersion: number;
  /**
   * When the If-Match was the saved collection's ETag (PUT): the collection version the analyst
   * read. Only that collection is checked then; the activity's version is not, so another
   * analyst's save of another collection does not make this one stale (the rules still run
   * again over the activity as it is now).
   */
  readonly expectedCollectionVersion?: number;
  readonly userId: number;
  readonly today: string;
  /** The product's public origin (the activity link of notification mails). */
  readonly publicUrl: string;
}

/** Messages of a level, prefixed as the server sends them. */
const ofLevel = (list: readonly EntryMessage[], level: MessageLevel) =>
  list.filter((m) => m.level === level);

/** Every message of a prepared submission, entries first. */
const allMessages = (p: PreparedSubmission) => [
  ...p.result.entries.flatMap((e) => e.messages),
  ...p.result.general,
];

/** The columns of a submitted entry's own fields. */
function fieldColumns(
  entry: SubmittedEntry,
  counts: CaseCounts | undefined,
  body: EntriesBody,
  list: EntryListKey | null,
  index: number,
) {
  const f = entry.fields;
  switch (f.kind) {
    case 'case':
      return {
        ...columnsOfCounts(counts ?? f.counts),
        sourceId: f.sourceId,
        autoSurveillanceCaseId: entry.autoSurveillanceCaseId ?? null,
      };
    case 'traveller': {
      const t = list === 'travellers' ? body.travellers[index] : undefined;
      return {
        travellerCases: f.cases,
        arrivalDate: f.arrivalDate,
        departureDate: f.departureDate,
        ...(t === undefined ? {} : { notes: t.notes, originLocationId: t.originId }),
      };
    }
    case 'description': {
      const d = list === 'descriptions' ? body.descriptions[index] : undefined;
      return {
        title: f.title,
        description: f.description,
        importance: f.importance,
        ...(d === undefined ? {} : { updateReason: d.updateReason }),
      };
    }
    case 'inactivity': {
      const n = list === 'inactivities' ? body.inactivities[index] : undefined;
      return {
        inactivityReason: f.inactivityReason,
        ...(n === undefined ? {} : { description: n.description }),
      };
    }
    case 'period':
      return { reportingPeriodType: f.reportingPeriodType };
  }
}

/** Replaces a report's article links. */
async function linkArticles(
  tx: Db,
  reportId: number,
  articleIds: readonly number[],
  userId: number,
) {
  await tx.delete(reportArticles).where(eq(reportArticles.reportId, reportId));
  const unique = [...new Set(articleIds)];
  if (unique.length > 0) {
    await tx
      .insert(reportArticles)
      .values(unique.map((articleId) => ({ reportId, articleId, linkedByUserId: userId })));
  }
}

/** The columns every written Daily Total sets. */
const totalColumns = (total: DailyTotal, userId: number, now: Date) => ({
  ...columnsOfCounts(total.counts),
  sourceId: total.sourceId,
  autoSurveillanceCaseId: total.autoSurveillanceCaseId,
  isPropagationEntry: total.isPropagationEntry,
  updatedByUserId: userId,
  updatedAt: now,
});

/** Rewrites the committed Daily Total of a place and day (a same-day commit or propagation). */
async function rewriteDailyTotal(
  tx: Db,
  total: DailyTotal,
  existing: ReportRow,
  userId: number,
  now: Date,
): Promise<number> {
  await tx
    .update(reports)
    .set({
      ...totalColumns(total, userId, now),
      userEntriesCount: total.isPropagationEntry
        ? existing.userEntriesCount
        : total.userEntriesCount,
    })
    .where(eq(reports.id, existing.id));
  await recordAudit(tx, {
    userId,
    action: total.isPropagationEntry ? 'propagate' : 'update',
    entity: 'report',
    entityId: existing.id,
    detail: {
      before: columnsOfCounts(countsOfRow(existing)),
      after: columnsOfCounts(total.counts),
    },
  });
  if (!total.isPropagationEntry) await addLinks(tx, existing.id, total.articles, userId);
  return existing.id;
}

/**
 * Writes a commit's Daily Totals: over the committed one of that place and day, else as new
 * rows in multi-row statements (with their links and audit rows). Answers the ids in order.
 */
async function writeDailyTotals(
  tx: Db,
  totals: readonly DailyTotal[],
  committedTotals: ReadonlyMap<string, ReportRow>,
  collectionId: number,
  activityId: number,
  userId: number,
): Promise<number[]> {
  const now = new Date();
  const ids: number[] = [];
  const fresh: { at: number; total: DailyTotal }[] = [];
  for (const total of totals) {
    const existing = committedTotals.get(`${total.locationId}:${total.reportedOn}`);
    if (existing === undefined) fresh.push({ at: ids.length, total });
    ids.push(
      existing === undefined ? 0 : await rewriteDailyTotal(tx, total, existing, userId, now),
    );
  }
  const freshIds = await insertReports(
    tx,
    fresh.map(({ total }) => ({
      ...totalColumns(total, userId, now),
      reportCollectionId: collectionId,
      diseaseActivityId: activityId,
      locationId: total.locationId,
      type: EntryType.PROCESSED,
      reportedOn: total.reportedOn,
      reportStatus: ReportStatus.Committed,
      userEntriesCount: total.userEntriesCount,
    })),
  );
  fresh.forEach(({ at }, i) => (ids[at] = freshIds[i] ?? 0));
  await insertArticleLinks(
    tx,
    fresh.flatMap(({ total }, i) =>
      [...new Set(total.articles)].map((articleId) => ({
        reportId: freshIds[i] ?? 0,
        articleId,
        linkedByUserId: userId,
      })),
    ),
  );
  await recordAudits(
    tx,
    fresh.map(({ total }, i) => ({
      userId,
      action: 'create',
      entity: 'report',
      entityId: freshIds[i] ?? 0,
      detail: { after: { type: EntryType.PROCESSED, ...columnsOfCounts(total.counts) } },
    })),
  );
  return ids;
}

async function addLinks(tx: Db, reportId: number, articleIds: readonly number[], userId: number) {
  if (articleIds.length === 0) return;
  await tx
    .insert(reportArticles)
    .values(
      [...new Set(articleIds)].map((articleId) => ({
        reportId,
        articleId,
        linkedByUserId: userId,
      })),
    )
    .onConflictDoNothing();
}

/** Opens or closes reporting periods for committed period entries; answers the period id. */
async function applyPeriodEntry(
  tx: Db,
  entry: SubmittedEntry,
  reportId: number,
  activityId: number,
  userId: number,
): Promise<void> {
  const f = entry.fields;
  if (f.kind !== 'period' || entry.reportedOn === null) return;
  if (entry.type === EntryType.NEW_REPORTING_PERIOD && f.reportingPeriodType !== null) {
    const [period] = await tx
      .insert(reportingPeriods)
      .values({
        diseaseActivityId: activityId,
        startDate: entry.reportedOn,
        reportingPeriodType: f.reportingPeriodType,
      })
      .returning({ id: reportingPeriods.id });
    if (!period) throw new Error('reporting period insert returned nothing');
    await tx.update(reports).set({ reportingPeriodId: period.id }).where(eq(reports.id, reportId));
    await recordAudit(tx, {
      userId,
      action: 'create',
      entity: 'reportingPeriod',
      entityId: period.id,
      detail: {
        after: { startDate: entry.reportedOn, reportingPeriodType: f.reportingPeriodType },
      },
    });
  }
  if (entry.type === EntryType.END_REPORTING_PERIOD) {
    const [open] = await tx
      .update(reportingPeriods)
      .set({ endDate: entry.reportedOn })
      .where(
        and(eq(reportingPeriods.diseaseActivityId, activityId), isNull(reportingPeriods.endDate)),
      )
      .returning();
    if (!open) return;
    await tx
      .update(reports)
      .set({
        reportingPeriodId: open.id,
        periodStartDate: open.startDate,
        reportingPeriodType: f.reportingPeriodType ?? open.reportingPeriodType,
      })
      .where(eq(reports.id, reportId));
    await recordAudit(tx, {
      userId,
      action: 'close',
      entity: 'reportingPeriod',
      entityId: open.id,
      detail: { before: { endDate: null }, after: { endDate: entry.reportedOn } },
    });
  }
}

/**
 * Locks the collection saved again and checks the version the analyst read (If-Match with its
 * ETag). Throws StaleVersion on a mismatch; an unknown collection is left to prepareSubmission
 * (404), a new collection (POST) can match no collection's ETag (stale).
 */
async function checkCollectionVersion(
  tx: Db,
  activityId: number,
  collectionId: number | null,
  expected: number,
): Promise<void> {
  if (collectionId === null) throw new StaleVersion(-1);
  const [row] = await tx
    .select({ version: reportCollections.version })
    .from(reportCollections)
    .where(
      and(
        eq(reportCollections.id, collectionId),
        eq(reportCollections.diseaseActivityId, activityId),
      ),
    )
    .for('update');
  if (row !== undefined && row.version !== expected) throw new StaleVersion(row.version);
}

/**
 * Saves (or commits) a submission. Throws EntriesRefusal (400 with the errors, or with the
 * unconfirmed high-impact warnings of a commit; 404; 409) or StaleVersion (412); nothing is
 * written then.
 */
export async function saveEntries(db: Db, request: SaveRequest): Promise<SaveAnswerJson> {
  const { body, userId } = request;
  const commit = body.commitChanges;
  // One refresh of the index figures at the end, not one per written statement.
  return db.transaction((tx) =>
    withSummariesDeferred(tx, request.activityId, async () => {
      const locked = await lockActivityVersion(
        tx,
        request.activityId,
        request.countryId,
        request.expectedCollectionVersion === undefined ? request.expectedVersion : null,
      );
      if (request.expectedCollectionVersion !== undefined) {
        await checkCollectionVersion(
          tx,
          request.activityId,
          request.collectionId,
          request.expectedCollectionVersion,
        );
      }
      const found = await findActivity(tx, request.activityId, request.countryId);
      if (found === undefined) {
        throw new EntriesRefusal(404, [messages.diseaseActivityNotFound(request.activityId)]);
      }

      const prepared = await prepareSubmission(
        tx,
        found,
        request.collectionId,
        body,
        request.propagation,
        request.today,
      );
      const all = allMessages(prepared);
      const errors = ofLevel(all, MessageLevel.ERROR);
      if (errors.length > 0) throw new EntriesRefusal(400, serverMessages(errors));
      const high = ofLevel(all, MessageLevel.WARNINGHIGH);
      if (commit && high.length > 0 && !body.warningsAccepted) {
        throw new EntriesRefusal(400, [messages.highWarningsNotAccepted, ...serverMessages(high)]);
      }

      const now = new Date();
      const propagationUptoDate = request.propagation.propagate
        ? request.propagation.propagateUptoDate
        : null;
      let collectionId = request.collectionId;
      let collectionVersion: number;
      if (collectionId === null) {
        const [created] = await tx
          .insert(reportCollections)
          .values({
            diseaseActivityId: request.activityId,
            countryId: request.countryId,
            lastUpdatedByUserId: userId,
            propagationUptoDate,
            commitDate: commit ? now : null,
          })
          .returning({ id: reportCollections.id, version: reportCollections.version });
        if (!created) throw new Error('report collection insert returned nothing');
        collectionId = created.id;
        collectionVersion = created.version;
      } else {
        const [updated] = await tx
          .update(reportCollections)
          .set({
            lastUpdatedByUserId: userId,
            propagationUptoDate,
            commitDate: commit ? now : null,
            updatedAt: now,
            version: sql`${reportCollections.version} + 1`,
          })
          .where(eq(reportCollections.id, collectionId))
          .returning({ version: reportCollections.version });
        if (!updated) throw new Error('report collection update returned nothing');
        collectionVersion = updated.version;
      }

      const status = commit ? ReportStatus.Committed : ReportStatus.Saved;
      const reportIds: Record<EntryListKey, number[]> = {
        cases: [],
        travellers: [],
        descriptions: [],
        inactivities: [],
        reportingPeriods: [],
      };
      const committedEntries: { entry: SubmittedEntry; id: number }[] = [];
      // The body's entries, then the collection's saved ones it does not mention (kept).
      const plans = [
        ...prepared.body.map((b) => ({ entry: b.entry, id: b.id, list: b.list, index: b.index })),
        ...prepared.keptSaved.map((k) => ({
          entry: k.entry,
          id: k.id as number | undefined,
          list: null,
          index: 0,
        })),
      ];
      const written: number[] = plans.map(() => 0);
      const fresh: { at: number; values: ReturnType<typeof valuesOf> }[] = [];
      const valuesOf = (entry: SubmittedEntry, list: EntryListKey | null, index: number) => {
        // An end-period entry names the type of the period it closes when not given.
        const openPeriod = prepared.periods.find((p) => p.endDate === null);
        const periodType =
          entry.type === EntryType.END_REPORTING_PERIOD &&
          entry.fields.kind === 'period' &&
          entry.fields.reportingPeriodType === null &&
          openPeriod !== undefined
            ? {
                reportingPeriodType: openPeriod.reportingPeriodType,
                periodStartDate: openPeriod.startDate,
              }
            : {};
        return {
          locationId: entry.locationId,
          type: entry.type,
          reportedOn: entry.reportedOn ?? request.today,
          reportStatus: status,
          updatedByUserId: userId,
          updatedAt: now,
          userEntriesCount:
            entry.type === EntryType.CASE_DATA || entry.type === EntryType.AUTO_SURVEILLANCE
              ? 1
              : 0,
          isPropagationTriggerEntry:
            request.propagation.propagate && entry.type === EntryType.CASE_DATA,
          ...fieldColumns(entry, prepared.result.counts.get(entry.key), body, list, index),
          ...periodType,
        };
      };
      for (const [at, { entry, id, list, index }] of plans.entries()) {
        if (entry.reportStatus === ReportStatus.Deleted) {
          if (id === undefined) continue;
          await tx
            .update(reports)
            .set({ reportStatus: ReportStatus.Deleted, updatedByUserId: userId, updatedAt: now })
            .where(eq(reports.id, id));
          await recordAudit(tx, { userId, action: 'delete', entity: 'report', entityId: id });
          written[at] = id;
          continue;
        }
        const values = valuesOf(entry, list, index);
        if (id === undefined) {
          // New entries go in multi-row statements below.
          fresh.push({ at, values });
          continue;
        }
        const [before] = await tx.select().from(reports).where(eq(reports.id, id));
        await tx.update(reports).set(values).where(eq(reports.id, id));
        await recordAudit(tx, {
          userId,
          action: commit ? 'commit' : 'update',
          entity: 'report',
          entityId: id,
          detail: { before: before ?? {}, after: values },
        });
        if (list !== null) await linkArticles(tx, id, entry.articles ?? [], userId);
        written[at] = id;
      }
      const freshIds = await insertReports(
        tx,
        fresh.map(({ values }) => ({
          ...values,
          reportCollectionId: collectionId,
          diseaseActivityId: request.activityId,
        })),
      );
      fresh.forEach(({ at }, i) => (written[at] = freshIds[i] ?? 0));
      await recordAudits(
        tx,
        fresh.map(({ values }, i) => ({
          userId,
          action: commit ? 'commit' : 'create',
          entity: 'report',
          entityId: freshIds[i] ?? 0,
          detail: { after: values },
        })),
      );
      await insertArticleLinks(
        tx,
        fresh.flatMap(({ at }, i) => {
          const plan = plans[at];
          if (plan === undefined || plan.list === null) return [];
          return [...new Set(plan.entry.articles ?? [])].map((articleId) => ({
            reportId: freshIds[i] ?? 0,
            articleId,
            linkedByUserId: userId,
          }));
        }),
      );
      plans.forEach(({ entry, list }, at) => {
        const id = written[at] ?? 0;
        if (id === 0) return;
        if (list !== null) reportIds[list].push(id);
        if (commit && entry.reportStatus !== ReportStatus.Deleted) {
          committedEntries.push({ entry, id });
        }
      });

      const processedReportIds: number[] = [];
      if (commit) {
        for (const { entry, id } of committedEntries) {
          await applyPeriodEntry(tx, entry, id, request.activityId, userId);
        }
        // The committed Daily Totals by place and day, once (a find per total was quadratic).
        const committedTotals = new Map<string, ReportRow>();
        for (const r of prepared.committedRows) {
          const key = `${r.locationId}:${r.reportedOn}`;
          if (r.type === EntryType.PROCESSED && !r.isNestingEntry && !committedTotals.has(key)) {
            committedTotals.set(key, r);
          }
        }
        processedReportIds.push(
          ...(await writeDailyTotals(
            tx,
            prepared.result.dailyTotals,
            committedTotals,
            collectionId,
            request.activityId,
            userId,
          )),
        );
        // Important and Critical updates notify users: queued here, so only if the commit holds.
        await queueUpdateMails(
          tx,
          {
            diseaseActivityId: request.activityId,
            diseaseId: found.activity.diseaseId,
            diseaseName: found.diseaseName,
            countryName: found.countryName,
            speciesName: found.speciesName,
            link: `${request.publicUrl}/activity/${request.activityId}/${request.countryId}`,
          },
          committedEntries.flatMap(({ entry, id }) =>
            entry.fields.kind === 'description' && entry.reportedOn !== null
              ? [
                  {
                    reportId: id,
                    title: entry.fields.title,
                    description: entry.fields.description,
                    importance: entry.fields.importance,
                    locationName: prepared.locationNames.get(entry.locationId) ?? '',
                    reportedOn: entry.reportedOn,
                  },
                ]
              : [],
          ),
        );
      }

      // The rule's stored output (activity_figures), from the rows just written, before commit.
      await refreshOwedFigures(tx, [request.activityId]);
      const version = locked.version + 1;
      await tx
        .update(diseaseActivities)
        .set({ version, updatedAt: now, lastUpdatedByUserId: userId })
        .where(eq(diseaseActivities.diseaseActivityId, request.activityId));
      const warnings = all.filter((m) => m.level !== MessageLevel.ERROR);
      await recordAudit(tx, {
        userId,
        action: commit ? 'commit' : 'save',
        entity: 'reportCollection',
        entityId: collectionId,
        detail: {
          diseaseActivityId: request.activityId,
          version,
          propagationUptoDate,
          // Who confirmed the high-impact warnings, and which (the user and time of this row).
          ...(commit && high.length > 0 ? { acceptedWarnings: serverMessages(high) } : {}),
        },
      });
      return {
        reportCollectionId: collectionId,
        committed: commit,
        reportIds,
        processedReportIds,
        reportCollectionEtag: collectionEtag(collectionId, collectionVersion),
        messages: serverMessages(warnings),
        version,
      };
    }),
  );
}

export { StaleVersion } from './activity-version-lock';
