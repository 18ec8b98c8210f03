import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { NestingAnswerJson } from '@domain/entries/entries-api';
import type { OwnTotal } from '@domain/entries/nesting';
import { cumulativeStartOn, nestingDetail } from '@domain/entries/nesting';
import { ReportStatus } from '@domain/enums';
import type { Db } from '../client';
import { locations, reportingPeriods, reports } from '../schema';
import { datedTotal, ownDailyTotals, placesWithAncestors, totalColumns } from './activity-figures';

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
    .selectDistinctOn([reports.locationId], totalColumns)
    .from(reports)
    .where(
      ownDailyTotals(
        eq(reports.diseaseActivityId, activityId),
        lte(reports.reportedOn, day),
        countingFrom === null ? undefined : gte(reports.reportedOn, countingFrom),
      ),
    )
    .orderBy(asc(reports.locationId), desc(reports.reportedOn), desc(reports.id));
  const totals: OwnTotal[] = latest.map(datedTotal);

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
