import { and, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { autoSurveillanceReviewOf, isReviewRequired } from '@domain/auto-surveillance-review';
import { addDays } from '@domain/calendar-day';
import { commitStatusOf } from '@domain/commit-status';
import type { ActivityDetailJson } from '@domain/entries/entries-api';
import { ReportStatus } from '@domain/enums';
import { daysBetween, updateStatusOf } from '@domain/update-status';
import type { Db } from '../client';
import {
  diseaseActivities,
  diseaseActivityCountries,
  diseaseActivitySummaries,
  diseases,
  locations,
  reportCollections,
  reportingPeriods,
  reports,
  riskModels,
  species,
  users,
} from '../schema';
import { autoCommitInitials } from './articles-reports';
import { activityReports, committedDailyTotals, selectReports, toReportJson } from './entries-read';
import { placesWithAncestors } from './activity-figures';
import { alias } from 'drizzle-orm/pg-core';

const committer = alias(users, 'committer');
const asCommitter = alias(users, 'as_committer');
const updater = alias(users, 'updater');

/** The activity row with its names, details and summary; undefined when not found. */
export async function findActivity(db: Db, activityId: number, countryId: number) {
  const s = diseaseActivitySummaries;
  const [row] = await db
    .select({
      activity: diseaseActivities,
      country: diseaseActivityCountries,
      diseaseName: diseases.displayName,
      speciesName: species.displayName,
      speciesGroup: species.speciesGroup,
      countryName: locations.name,
      riskModelName: riskModels.displayName,
      summary: s,
      committerInitials: committer.initials,
      asCommitterInitials: asCommitter.initials,
      updaterGiven: updater.givenName,
      updaterFamily: updater.familyName,
      periodOpen: sql<boolean>`exists (select 1 from ${reportingPeriods} where ${reportingPeriods.diseaseActivityId} = ${diseaseActivities.diseaseActivityId} and ${reportingPeriods.endDate} is null)`,
    })
    .from(diseaseActivities)
    .innerJoin(
      diseaseActivityCountries,
      and(
        eq(diseaseActivityCountries.diseaseActivityId, diseaseActivities.diseaseActivityId),
        eq(diseaseActivityCountries.countryId, diseaseActivities.countryId),
      ),
    )
    .innerJoin(diseases, eq(diseases.diseaseId, diseaseActivities.diseaseId))
    .innerJoin(species, eq(species.speciesId, diseaseActivities.speciesId))
    .innerJoin(locations, eq(locations.id, diseaseActivities.countryId))
    .leftJoin(riskModels, eq(riskModels.riskModelId, diseaseActivityCountries.riskModelId))
    .leftJoin(s, eq(s.diseaseActivityId, diseaseActivities.diseaseActivityId))
    .leftJoin(committer, eq(committer.id, s.lastCommittedByUserId))
    .leftJoin(asCommitter, eq(asCommitter.id, s.lastAutoSurveillanceCommitUserId))
    .leftJoin(updater, eq(updater.id, diseaseActivities.lastUpdatedByUserId))
    .where(
      and(
        eq(diseaseActivities.diseaseActivityId, activityId),
        eq(diseaseActivities.countryId, countryId),
      ),
    );
  return row;
}
export type FoundActivity = NonNullable<Awaited<ReturnType<typeof findActivity>>>;

/** The activity's two latest reporting periods, latest first. */
export async function latestPeriods(db: Db, activityId: number) {
  return db
    .select({
      id: reportingPeriods.id,
      startDate: reportingPeriods.startDate,
      endDate: reportingPeriods.endDate,
      reportingPeriodType: reportingPeriods.reportingPeriodType,
    })
    .from(reportingPeriods)
    .where(eq(reportingPeriods.diseaseActivityId, activityId))
    .orderBy(desc(reportingPeriods.startDate), desc(reportingPeriods.id))
    .limit(2);
}

/**
 * The detail call's answer (src/domain/entries/entries-api.ts ActivityDetailJson) for a found
 * activity: reports of the last `numDays` days up to its last entry, every uncommitted one,
 * and each location's latest committed Daily Total (and latest own one). `today` is the UTC day.
 * `countryOnly`: the reports of the country's own location only, every other field whole: the
 * screen's first table painted before the rest of a large activity is read (issue 31).
 */
export async function activityDetail(
  db: Db,
  found: FoundActivity,
  numDays: number,
  today: string,
  { countryOnly = false }: { readonly countryOnly?: boolean } = {},
): Promise<ActivityDetailJson> {
  const { activity, country, summary } = found;
  const activityId = activity.diseaseActivityId;
  const lastEntryDate = summary?.lastReportDate ?? null;
  const since = lastEntryDate === null ? today : addDays(lastEntryDate, 1 - numDays);
  const atCountry = countryOnly ? eq(reports.locationId, activity.countryId) : undefined;
  const latestTotals = db
    .selectDistinctOn([reports.locationId], { id: reports.id })
    .from(reports)
    .where(committedDailyTotals(activityId, atCountry))
    .orderBy(reports.locationId, desc(reports.reportedOn), desc(reports.id));
  // And each place's latest own one, which the one cumulative rule reads (a rolled-up Daily
  // Total may be later).
  const latestOwnTotals = db
    .selectDistinctOn([reports.locationId], { id: reports.id })
    .from(reports)
    .where(committedDailyTotals(activityId, atCountry, eq(reports.isNestingEntry, false)))
    .orderBy(reports.locationId, desc(reports.reportedOn), desc(reports.id));
  const rows = await selectReports(
    db,
    activityReports(
      activityId,
      atCountry,
      or(
        gte(reports.reportedOn, since),
        isNull(reports.reportStatus),
        eq(reports.reportStatus, ReportStatus.Saved),
        inArray(reports.id, latestTotals),
        inArray(reports.id, latestOwnTotals),
      ),
    ),
  );
  const locationRows = await db
    .select({
      id: locations.id,
      name: locations.name,
      type: locations.locationType,
      parentId: locations.parentId,
      displayName: locations.displayName,
      population: locations.population,
    })
    .from(locations)
    .where(
      or(
        eq(locations.id, activity.countryId),
        inArray(
          locations.id,
          db
            .selectDistinct({ id: reports.locationId })
            .from(reports)
            .where(activityReports(activityId)),
        ),
      ),
    )
    .orderBy(locations.displayName);
  // Each place's ancestors, for the one cumulative rule's tree (cumulative-rule.ts).
  const gazetteer = new Map(
    (
      await placesWithAncestors(
        db,
        [],
        locationRows.map((l) => ({
          id: l.id,
          name: l.displayName,
          locationType: l.type,
          parentId: l.parentId,
        })),
      )
    ).map((p) => [p.id, p.parentId]),
  );
  const ancestorsOf = (id: number): number[] => {
    const out: number[] = [];
    for (let at = gazetteer.get(id) ?? null; at !== null && !out.includes(at) && at !== id;) {
      out.push(at);
      at = gazetteer.get(at) ?? null;
    }
    return out;
  };
  const [latest, previous] = await latestPeriods(db, activityId);
  const [pendingCollection] = await db
    .select({ propagationUptoDate: reportCollections.propagationUptoDate })
    .from(reportCollections)
    .where(
      and(
        eq(reportCollections.diseaseActivityId, activityId),
        isNull(reportCollections.commitDate),
      ),
    )
    .orderBy(desc(reportCollections.updatedAt))
    .limit(1);

  const lastCommittedDate = summary?.lastCommittedDate?.toISOString() ?? null;
  const reportsCount = summary?.numberOfReports ?? 0;
  const hasAutoSurveillance = summary?.hasAutoSurveillance ?? false;
  const asReviewStatus = autoSurveillanceReviewOf({
    hasAutoSurveillance,
    pending: summary?.pendingAutoSurveillance ?? 0,
    oldestPendingDays:
      summary?.oldestPendingAutoSurveillance == null
        ? 0
        : daysBetween(summary.oldestPendingAutoSurveillance, today),
    lastCommitByAuto: found.asCommitterInitials === autoCommitInitials,
  });
  const lastUpdatedBy =
    found.updaterGiven === null
      ? null
      : `${found.updaterGiven} ${found.updaterFamily ?? ''}`.trim();
  return {
    activity: {
      diseaseActivityId: activityId,
      diseaseId: activity.diseaseId,
      diseaseName: found.diseaseName,
      speciesId: activity.speciesId,
      speciesName: found.speciesName,
      speciesGroup: found.speciesGroup,
      lastUpdatedBy,
      lastCommittedDate,
      activityStatus: updateStatusOf({
        periodOpen: found.periodOpen,
        lastUpdate: lastCommittedDate ?? activity.createdAt.toISOString(),
        daysNeededForUpdate: country.daysNeededForUpdate,
        today,
      }),
      hasNotableEvents: activity.hasNotableEvents,
      countryDetails: {
        countryId: activity.countryId,
        countryName: found.countryName,
        riskModelId: country.riskModelId,
        riskModelName: found.riskModelName,
        totalCountStartDate: country.totalCountStartDate,
        publiclyVisible: country.publiclyVisible,
        daysNeededForUpdate: country.daysNeededForUpdate,
        allowedDaysGap: country.allowedDaysGap,
        notes: country.notes,
      },
    },
    commitStatus: commitStatusOf({
      reports: reportsCount,
      uncommitted: summary?.numberOfUncommittedReports ?? 0,
      hasAutoSurveillance,
      lastCommitByAuto: found.committerInitials === autoCommitInitials,
    }),
    asReviewStatus,
    readOnly: isReviewRequired(asReviewStatus),
    latestReportingPeriod: latest ?? null,
    previousReportingPeriod: previous ?? null,
    lastEntryDate,
    propagationUptoDate: pendingCollection?.propagationUptoDate ?? null,
    locations: locationRows.map((l) => ({ ...l, ancestorIds: ancestorsOf(l.id) })),
    reports: toReportJson(rows),
    version: activity.version,
  };
}
