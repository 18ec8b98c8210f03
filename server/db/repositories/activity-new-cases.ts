import { and, between, eq, inArray, sql } from 'drizzle-orm';
import {
  dayIndex,
  windowStart,
  type NewCasesAnswer,
  type NewCasesSeries,
} from '../../../src/domain/activity-trends';
import { EntryType, ReportStatus } from '../../../src/domain/enums';
import type { Db } from '../client';
import { diseaseActivities, reports } from '../schema';

/**
 * New cases per day of disease activities over a window ending `today` (issue 19; rule in
 * src/domain/activity-trends.ts): the reported new cases of committed country-level Daily
 * Totals, one grouped read through the (location, day) index. `ids` null: every activity
 * with an entry in the window (the map); otherwise those ids, each with a series.
 */
export async function activityNewCases(
  db: Db,
  today: string,
  days: number,
  ids: readonly number[] | null,
): Promise<NewCasesAnswer> {
  const from = windowStart(today, days);
  const rows = await db
    .select({
      id: reports.diseaseActivityId,
      day: reports.reportedOn,
      newCases: sql<number>`coalesce(sum(${reports.reportedNewCases}), 0)::int`,
    })
    .from(reports)
    .innerJoin(
      diseaseActivities,
      and(
        eq(diseaseActivities.diseaseActivityId, reports.diseaseActivityId),
        eq(diseaseActivities.countryId, reports.locationId),
      ),
    )
    .where(
      and(
        eq(reports.type, EntryType.PROCESSED),
        eq(reports.reportStatus, ReportStatus.Committed),
        between(reports.reportedOn, from, today),
        ids === null ? undefined : inArray(reports.diseaseActivityId, [...ids]),
      ),
    )
    .groupBy(reports.diseaseActivityId, reports.reportedOn);
  const byId = new Map<number, number[]>();
  const seriesOf = (id: number) => {
    let s = byId.get(id);
    if (s === undefined) byId.set(id, (s = new Array<number>(days).fill(0)));
    return s;
  };
  if (ids !== null) for (const id of ids) seriesOf(id);
  for (const row of rows) {
    const i = dayIndex(from, row.day);
    if (i >= 0 && i < days) seriesOf(row.id)[i] = Number(row.newCases);
  }
  const series: NewCasesSeries[] = [...byId]
    .sort((a, b) => a[0] - b[0])
    .map(([diseaseActivityId, newCases]) => ({ diseaseActivityId, newCases }));
  return { from, to: today, series };
}
