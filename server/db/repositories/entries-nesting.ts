import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { NestingAnswerJson } from '../../../src/domain/entries/entries-api';
import type { NestingPlace, OwnTotal } from '../../../src/domain/entries/nesting';
import { cumulativeStartOn, nestingDetail } from '../../../src/domain/entries/nesting';
import { ReportStatus } from '../../../src/domain/enums';
import type { Db } from '../client';
import { locations, reportingPeriods, reports } from '../schema';
import { committedDailyTotals } from './entries-read';

/** Gazetteer depth is country → province → county/city → …: a few rounds reach the top. */
const maxAncestorRounds = 8;

/** The places of `ids` and every ancestor of theirs. */
export async function placesWithAncestors(db: Db, ids: readonly number[]): Promise<NestingPlace[]> {
  const found = new Map<number, NestingPlace>();
  let wanted = [...new Set(ids)];
  for (let round = 0; round < maxAncestorRounds && wanted.length > 0; round++) {
    const rows = await db
      .select({
        id: locations.id,
        name: locations.displayName,
        locationType: locations.locationType,
        parentId: locations.parentId,
      })
      .from(locations)
      .where(inArray(locations.id, wanted));
    for (const r of rows) found.set(r.id, r);
    wanted = [...new Set(rows.flatMap((r) => (r.parentId === null ? [] : [r.parentId])))].filter(
      (id) => !found.has(id),
    );
  }
  return [...found.values()];
}

/**
 * The nesting answer for a location of the activity's country on a day: each place's latest
 * committed Daily Total (not a rolled-up one) from the period's reset up to the day, rolled up
 * by src/domain/entries/nesting.ts. Undefined when the location is not in the activity's
 * country.
 */
export async function nestingOf(
  db: Db,
  activityId: number,
  countryId: number,
  locationId: number,
  day: string,
): Promise<NestingAnswerJson | undefined> {
  const [root] = await db
    .select({ id: locations.id, countryId: locations.countryId })
    .from(locations)
    .where(eq(locations.id, locationId));
  if (root === undefined || (root.id !== countryId && root.countryId !== countryId)) {
    return undefined;
  }
  const periods = await db
    .select({ startDate: reportingPeriods.startDate, endDate: reportingPeriods.endDate })
    .from(reportingPeriods)
    .where(eq(reportingPeriods.diseaseActivityId, activityId));
  const countingFrom = cumulativeStartOn(periods, day);

  const latest = await db
    .selectDistinctOn([reports.locationId], {
      locationId: reports.locationId,
      reportedOn: reports.reportedOn,
      reportedCases: reports.reportedCumulative,
      suspectedCases: reports.suspectedCumulative,
      confirmedCases: reports.confirmedCumulative,
      deaths: reports.deathsCumulative,
    })
    .from(reports)
    .where(
      committedDailyTotals(
        activityId,
        eq(reports.isNestingEntry, false),
        lte(reports.reportedOn, day),
        countingFrom === null ? undefined : gte(reports.reportedOn, countingFrom),
      ),
    )
    .orderBy(asc(reports.locationId), desc(reports.reportedOn), desc(reports.id));
  const totals: OwnTotal[] = latest.map((r) => ({
    locationId: r.locationId,
    reportedOn: r.reportedOn,
    cumulative: {
      reportedCases: r.reportedCases,
      suspectedCases: r.suspectedCases,
      confirmedCases: r.confirmedCases,
      deaths: r.deaths,
    },
  }));

  // Every place the activity has entries for, whatever their day, so the tree is stable.
  const activityPlaces = await db
    .selectDistinct({ id: reports.locationId })
    .from(reports)
    .where(
      and(
        eq(reports.diseaseActivityId, activityId),
        sql`${reports.reportStatus} is distinct from ${ReportStatus.Deleted}`,
      ),
    );
  const places = await placesWithAncestors(db, [locationId, ...activityPlaces.map((p) => p.id)]);
  const nesting = nestingDetail(locationId, places, totals);
  if (nesting === null) return undefined;
  return { reportedOn: day, countingFrom, nesting };
}
