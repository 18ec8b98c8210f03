import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { autoSurveillanceReviewOf, isReviewRequired } from '@domain/auto-surveillance-review';
import { commitStatusOf } from '@domain/commit-status';
import type { DiseaseActivityListItem, NewActivity } from '@domain/disease-activities';
import { humanRiskModelId, humanSpeciesId } from '@domain/disease-activities';
import { AutoSurveillanceReview, LocationType } from '@domain/enums';
import { messages } from '@domain/messages';
import { daysBetween, updateStatusOf } from '@domain/update-status';
import type { Db } from '../client';
import {
  diseaseActivities,
  diseaseActivityCountries,
  diseaseActivitySummaries,
  diseaseSpecies,
  diseases,
  locations,
  reportingPeriods,
  riskModels,
  species,
  users,
} from '../schema';
import { activityTotals } from './activity-figures';
import { autoCommitInitials } from './articles-reports';
import { recordAudit } from './audit';

const committer = alias(users, 'committer');
const autoSurveillanceCommitter = alias(users, 'as_committer');
const openPeriod = alias(reportingPeriods, 'open_period');
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/**
 * Every disease activity as the index lists it (spec 001 §3), in one query: names joined, the
 * report figures read from disease_activity_summaries (kept by triggers), the statuses computed
 * here with the src/domain rules. `today` is the UTC date (YYYY-MM-DD) days are counted to.
 * With `only`, just those activities (the ones a kept list must refresh; gone ones are absent).
 */
export async function listDiseaseActivities(
  db: Db,
  today: string,
  only?: readonly number[],
): Promise<DiseaseActivityListItem[]> {
  if (only?.length === 0) return [];
  const s = diseaseActivitySummaries;
  const query = db
    .select({
      diseaseActivityId: diseaseActivities.diseaseActivityId,
      diseaseId: diseaseActivities.diseaseId,
      diseaseName: diseases.displayName,
      locationId: diseaseActivities.countryId,
      locationName: locations.name,
      speciesId: diseaseActivities.speciesId,
      speciesName: species.displayName,
      speciesGroup: species.speciesGroup,
      createdAt: diseaseActivities.createdAt,
      publiclyVisible: diseaseActivityCountries.publiclyVisible,
      daysNeededForUpdate: diseaseActivityCountries.daysNeededForUpdate,
      openPeriodId: openPeriod.id,
      numberOfReports: s.numberOfReports,
      numberOfUncommittedReports: s.numberOfUncommittedReports,
      numberOfArticles: s.numberOfArticles,
      lastReportDate: s.lastReportDate,
      lastCommittedDate: s.lastCommittedDate,
      hasAutoSurveillance: s.hasAutoSurveillance,
      pendingAutoSurveillance: s.pendingAutoSurveillance,
      oldestPendingAutoSurveillance: s.oldestPendingAutoSurveillance,
      committerGivenName: committer.givenName,
      committerFamilyName: committer.familyName,
      committerInitials: committer.initials,
      autoSurveillanceCommitterInitials: autoSurveillanceCommitter.initials,
    })
    .from(diseaseActivities)
    .innerJoin(diseases, eq(diseases.diseaseId, diseaseActivities.diseaseId))
    .innerJoin(locations, eq(locations.id, diseaseActivities.countryId))
    .innerJoin(species, eq(species.speciesId, diseaseActivities.speciesId))
    .leftJoin(
      diseaseActivityCountries,
      and(
        eq(diseaseActivityCountries.diseaseActivityId, diseaseActivities.diseaseActivityId),
        eq(diseaseActivityCountries.countryId, diseaseActivities.countryId),
      ),
    )
    .leftJoin(s, eq(s.diseaseActivityId, diseaseActivities.diseaseActivityId))
    // At most one open period per activity (reporting_periods_one_open_idx). A join, not an
    // EXISTS: the hashed subplan's cost estimate at 20,000 activities turned on PostgreSQL's JIT
    // (+100 ms a request).
    .leftJoin(
      openPeriod,
      and(
        eq(openPeriod.diseaseActivityId, diseaseActivities.diseaseActivityId),
        isNull(openPeriod.endDate),
      ),
    )
    .leftJoin(committer, eq(committer.id, s.lastCommittedByUserId))
    .leftJoin(
      autoSurveillanceCommitter,
      eq(autoSurveillanceCommitter.id, s.lastAutoSurveillanceCommitUserId),
    );
  const rows = await (only === undefined
    ? query
    : query.where(inArray(diseaseActivities.diseaseActivityId, [...only])));
  // Totals by the one cumulative rule (src/domain/entries/cumulative-rule.ts).
  const totals = await activityTotals(db, only ?? null);

  return rows.map((r): DiseaseActivityListItem => {
    const lastCommittedDate = iso(r.lastCommittedDate);
    const lastUpdate = lastCommittedDate ?? r.createdAt.toISOString();
    const daysNeededForUpdate = r.daysNeededForUpdate ?? 14;
    const numberOfReports = r.numberOfReports ?? 0;
    const numberOfUncommittedReports = r.numberOfUncommittedReports ?? 0;
    const hasAutoSurveillance = r.hasAutoSurveillance ?? false;
    const pending = r.pendingAutoSurveillance ?? 0;
    const asReviewStatus = autoSurveillanceReviewOf({
      hasAutoSurveillance,
      pending,
      oldestPendingDays:
        r.oldestPendingAutoSurveillance === null
          ? 0
          : daysBetween(r.oldestPendingAutoSurveillance, today),
      lastCommitByAuto: r.autoSurveillanceCommitterInitials === autoCommitInitials,
    });
    return {
      activityId: r.diseaseActivityId,
      diseaseActivityId: r.diseaseActivityId,
      diseaseId: r.diseaseId,
      diseaseName: r.diseaseName,
      locationId: r.locationId,
      locationName: r.locationName,
      speciesId: r.speciesId,
      speciesName: r.speciesName,
      speciesGroup: r.speciesGroup,
      totalReportedCases: totals.get(r.diseaseActivityId)?.reportedCases ?? null,
      totalNumberOfDeaths: totals.get(r.diseaseActivityId)?.deaths ?? null,
      lastReportDate: r.lastReportDate,
      lastCommittedDate,
      numberOfArticles: r.numberOfArticles ?? 0,
      numberOfReports,
      numberOfUncommittedReports,
      commitStatus: commitStatusOf({
        reports: numberOfReports,
        uncommitted: numberOfUncommittedReports,
        hasAutoSurveillance,
        lastCommitByAuto: r.committerInitials === autoCommitInitials,
      }),
      isVisible: r.publiclyVisible ?? false,
      daysNeededForUpdate,
      daysSinceLastUpdate: daysBetween(lastUpdate, today),
      activityStatus: updateStatusOf({
        periodOpen: r.openPeriodId !== null,
        lastUpdate,
        daysNeededForUpdate,
        today,
      }),
      asReviewRequired: isReviewRequired(asReviewStatus),
      lastCommittedBy:
        r.committerGivenName === null
          ? null
          : `${r.committerGivenName} ${r.committerFamilyName ?? ''}`.trim(),
      isAutoCommitFailed: asReviewStatus === AutoSurveillanceReview.AutoCommitFailed,
      asReviewStatus,
    };
  });
}

/** A create refused for the client's reason: 400 (bad references) or 409 (duplicate). */
export class ActivityRefusal extends Error {
  constructor(
    readonly status: 400 | 409,
    readonly errors: readonly string[],
    /** For a duplicate: the activity that already exists. */
    readonly existing?: { readonly diseaseActivityId: number; readonly countryId: number },
  ) {
    super(errors.join('. '));
    this.name = 'ActivityRefusal';
  }
}

/** Refuses (400) ids that name nothing or do not fit together. */
async function checkReferences(db: Db, input: NewActivity) {
  const [disease] = await db
    .select({ name: diseases.displayName })
    .from(diseases)
    .where(eq(diseases.diseaseId, input.diseaseId));
  const [place] = await db
    .select({ name: locations.name, type: locations.locationType })
    .from(locations)
    .where(eq(locations.id, input.countryId));
  const [kind] = await db
    .select({ name: species.displayName })
    .from(species)
    .where(eq(species.speciesId, input.speciesId));
  const [model] = await db
    .select({ name: riskModels.displayName })
    .from(riskModels)
    .where(eq(riskModels.riskModelId, input.riskModelId));
  const problems: string[] = [];
  if (!disease) problems.push(messages.unknownReference('disease', input.diseaseId));
  if (!place) problems.push(messages.unknownReference('country', input.countryId));
  else if (place.type !== LocationType.Country)
    problems.push(messages.notACountry(input.countryId));
  if (!kind) problems.push(messages.unknownReference('species', input.speciesId));
  if (!model) problems.push(messages.unknownReference('risk model', input.riskModelId));
  else if (input.speciesId > humanSpeciesId && input.riskModelId === humanRiskModelId) {
    problems.push(messages.humanRiskModelOnly(model.name));
  }
  if (disease && kind) {
    const [affects] = await db
      .select({ one: sql<number>`1` })
      .from(diseaseSpecies)
      .where(
        and(
          eq(diseaseSpecies.diseaseId, input.diseaseId),
          eq(diseaseSpecies.speciesId, input.speciesId),
        ),
      );
    if (!affects) problems.push(messages.diseaseNotInSpecies(disease.name, kind.name));
  }
  if (problems.length > 0) throw new ActivityRefusal(400, problems);
}

/**
 * Creates a disease activity (POST /api/diseaseactivities) in one transaction: the activity,
 * its country details and its first reporting period (open, from totalCountStartDate, of
 * reportingPeriodType), plus an audit entry. Throws {@link ActivityRefusal} for unknown or
 * unfitting ids (400) and for a disease, country and species that already exist (409).
 */
export async function createDiseaseActivity(
  db: Db,
  input: NewActivity,
  userId: number,
): Promise<{ diseaseActivityId: number; countryId: number }> {
  try {
    return await db.transaction(async (tx) => {
      await checkReferences(tx, input);
      const duplicate = await duplicateOf(tx, input);
      if (duplicate) throw duplicate;
      const [created] = await tx
        .insert(diseaseActivities)
        .values({
          diseaseId: input.diseaseId,
          countryId: input.countryId,
          speciesId: input.speciesId,
          lastUpdatedByUserId: userId,
        })
        .returning({ diseaseActivityId: diseaseActivities.diseaseActivityId });
      if (!created) throw new Error('disease activity insert returned nothing');
      const { diseaseActivityId } = created;
      await tx.insert(diseaseActivityCountries).values({
        diseaseActivityId,
        countryId: input.countryId,
        riskModelId: input.riskModelId,
        totalCountStartDate: input.totalCountStartDate,
        publiclyVisible: input.publiclyVisible,
        daysNeededForUpdate: input.daysNeededForUpdate,
        allowedDaysGap: input.allowedDaysGap,
      });
      await tx.insert(reportingPeriods).values({
        diseaseActivityId,
        startDate: input.totalCountStartDate,
        reportingPeriodType: input.reportingPeriodType,
      });
      await recordAudit(tx, {
        userId,
        action: 'create',
        entity: 'disease activity',
        entityId: diseaseActivityId,
        detail: {
          diseaseId: input.diseaseId,
          countryId: input.countryId,
          speciesId: input.speciesId,
          riskModelId: input.riskModelId,
          publiclyVisible: input.publiclyVisible,
          daysNeededForUpdate: input.daysNeededForUpdate,
          allowedDaysGap: input.allowedDaysGap,
          totalCountStartDate: input.totalCountStartDate,
          reportingPeriodType: input.reportingPeriodType,
        },
      });
      return { diseaseActivityId, countryId: input.countryId };
    });
  } catch (error) {
    // Two analysts creating the same activity at once: the unique key decides.
    if (!(error instanceof ActivityRefusal) && isUniqueViolation(error)) {
      const again = await duplicateOf(db, input);
      if (again) throw again;
    }
    throw error;
  }
}

/** The 409 refusal for an existing disease, country and species, or undefined. */
async function duplicateOf(db: Db, input: NewActivity): Promise<ActivityRefusal | undefined> {
  const [row] = await db
    .select({
      diseaseActivityId: diseaseActivities.diseaseActivityId,
      diseaseName: diseases.displayName,
      countryName: locations.name,
      speciesName: species.displayName,
    })
    .from(diseaseActivities)
    .innerJoin(diseases, eq(diseases.diseaseId, diseaseActivities.diseaseId))
    .innerJoin(locations, eq(locations.id, diseaseActivities.countryId))
    .innerJoin(species, eq(species.speciesId, diseaseActivities.speciesId))
    .where(
      and(
        eq(diseaseActivities.diseaseId, input.diseaseId),
        eq(diseaseActivities.countryId, input.countryId),
        eq(diseaseActivities.speciesId, input.speciesId),
      ),
    );
  if (!row) return undefined;
  return new ActivityRefusal(
    409,
    [messages.duplicateActivity(row.diseaseName, row.countryName, row.speciesName)],
    { diseaseActivityId: row.diseaseActivityId, countryId: input.countryId },
  );
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
