import { and, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import {
  dayIndex,
  windowStart,
  type NewCasesAnswer,
  type NewCasesSeries,
} from '@domain/activity-trends';
import {
  latestCumulatives,
  type DatedTotal,
  type FigureTotals,
  type PeriodSpan,
} from '@domain/entries/cumulative-rule';
import { curveSeries } from '@domain/entries/epi-curve';
import type { NestingPlace } from '@domain/entries/nesting';
import { EntryType, ReportStatus } from '@domain/enums';
import type { Db } from '../client';
import { diseaseActivities, locations, reportingPeriods, reports } from '../schema';

/**
 * An activity's figures on the server, every one by the one cumulative rule
 * (src/domain/entries/cumulative-rule.ts, docs/decisions/0058-one-cumulative-rule.md): the index's
 * totals and the new cases per day behind the sparklines and the map. The queries only gather
 * what the rule reads (each place's own committed Daily Totals, the places' gazetteer parents,
 * the reporting periods); the rule itself is not written again here.
 */

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

interface ActivityInputs {
  readonly countryId: number;
  readonly totals: DatedTotal[];
  readonly periods: PeriodSpan[];
}

/** The columns a place's own Daily Total gives the rule. */
export const totalColumns = {
  id: reports.diseaseActivityId,
  locationId: reports.locationId,
  reportedOn: reports.reportedOn,
  reportedCases: reports.reportedCumulative,
  suspectedCases: reports.suspectedCumulative,
  confirmedCases: reports.confirmedCumulative,
  deaths: reports.deathsCumulative,
};
type TotalRow = {
  readonly id: number;
  readonly locationId: number;
  readonly reportedOn: string;
} & { readonly [K in keyof FigureTotals]: number | null };

/** A place's own committed Daily Totals: rolled-up ones are the rule's output, not its input. */
export const ownDailyTotals = (...more: (SQL | undefined)[]) =>
  and(
    eq(reports.type, EntryType.PROCESSED),
    eq(reports.reportStatus, ReportStatus.Committed),
    eq(reports.isNestingEntry, false),
    ...more,
  );

export const datedTotal = (r: TotalRow): DatedTotal => ({
  locationId: r.locationId,
  reportedOn: r.reportedOn,
  cumulative: {
    reportedCases: r.reportedCases,
    suspectedCases: r.suspectedCases,
    confirmedCases: r.confirmedCases,
    deaths: r.deaths,
  },
});

// Large `in` lists are read in slices (PostgreSQL's bind-parameter limit is 65,535); null: all.
const slice = 5000;
async function inSlices<T>(
  ids: readonly number[] | null,
  read: (part: number[] | null) => Promise<T[]>,
): Promise<T[]> {
  if (ids === null) return read(null);
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += slice) out.push(...(await read(ids.slice(i, i + slice))));
  return out;
}

/**
 * Groups the rows by activity, with each activity's country and reporting periods; `ids` null:
 * every activity (read without a list of ids: 20,000 bound ids cost more than the rows).
 */
async function inputsOf(
  db: Db,
  ids: readonly number[] | null,
  rows: readonly TotalRow[],
): Promise<Map<number, ActivityInputs>> {
  const out = new Map<number, ActivityInputs>();
  if (ids?.length === 0) return out;
  const activities = await inSlices(ids, (part) =>
    db
      .select({ id: diseaseActivities.diseaseActivityId, countryId: diseaseActivities.countryId })
      .from(diseaseActivities)
      .where(part === null ? undefined : inArray(diseaseActivities.diseaseActivityId, part)),
  );
  for (const a of activities) out.set(a.id, { countryId: a.countryId, totals: [], periods: [] });
  for (const r of rows) out.get(r.id)?.totals.push(datedTotal(r));
  const periods = await inSlices(ids, (part) =>
    db
      .select({
        id: reportingPeriods.diseaseActivityId,
        startDate: reportingPeriods.startDate,
        endDate: reportingPeriods.endDate,
      })
      .from(reportingPeriods)
      .where(part === null ? undefined : inArray(reportingPeriods.diseaseActivityId, part)),
  );
  for (const p of periods) {
    out.get(p.id)?.periods.push({ startDate: p.startDate, endDate: p.endDate });
  }
  return out;
}

/** The places each activity's totals name, with their ancestors, for the rule's tree. */
async function placesOf(
  db: Db,
  inputs: ReadonlyMap<number, ActivityInputs>,
): Promise<(input: ActivityInputs) => NestingPlace[]> {
  const ids = new Set<number>();
  for (const input of inputs.values()) {
    ids.add(input.countryId);
    for (const t of input.totals) ids.add(t.locationId);
  }
  const byId = new Map((await placesWithAncestors(db, [...ids])).map((p) => [p.id, p]));
  return (input) => {
    const out = new Map<number, NestingPlace>();
    const visit = (id: number | null) => {
      for (let at = id; at !== null && !out.has(at);) {
        const place = byId.get(at);
        if (place === undefined) return;
        out.set(at, place);
        at = place.parentId;
      }
    };
    visit(input.countryId);
    for (const t of input.totals) visit(t.locationId);
    return [...out.values()];
  };
}

/**
 * Each activity's current figures (`ids`, or every activity when null): its country's
 * cumulative by the rule on the day of its latest Daily Total. Activities without one are absent.
 */
export async function activityTotals(
  db: Db,
  ids: readonly number[] | null,
): Promise<Map<number, FigureTotals>> {
  const latestPerPlace = (where: SQL | undefined) =>
    db
      .selectDistinctOn([reports.diseaseActivityId, reports.locationId], totalColumns)
      .from(reports)
      .where(ownDailyTotals(where))
      .orderBy(
        reports.diseaseActivityId,
        reports.locationId,
        desc(reports.reportedOn),
        desc(reports.id),
      );
  const rows: TotalRow[] = await inSlices(ids, (part) =>
    latestPerPlace(part === null ? undefined : inArray(reports.diseaseActivityId, part)),
  );
  const inputs = await inputsOf(db, ids, rows);
  const places = await placesOf(db, inputs);
  const out = new Map<number, FigureTotals>();
  for (const [id, input] of inputs) {
    const latest = latestCumulatives(input.countryId, places(input), input.totals, input.periods);
    if (latest !== null) out.set(id, latest.tree.cumulativeOf(input.countryId));
  }
  return out;
}

/**
 * New reported cases per day of disease activities over a window ending `today` (issue 19):
 * the day-to-day change of the activity's reported cumulative by the rule (its epidemic curve),
 * 0 on a day the cumulative did not move. `ids` null: every activity with a Daily Total in the
 * window (the map); otherwise those ids, each with a series.
 */
export async function activityNewCases(
  db: Db,
  today: string,
  days: number,
  ids: readonly number[] | null,
): Promise<NewCasesAnswer> {
  const from = windowStart(today, days);
  const inWindow = (part: readonly number[] | null) =>
    db
      .select(totalColumns)
      .from(reports)
      .where(
        ownDailyTotals(
          gte(reports.reportedOn, from),
          lte(reports.reportedOn, today),
          part === null ? undefined : inArray(reports.diseaseActivityId, [...part]),
        ),
      )
      .orderBy(reports.id);
  const windowRows: TotalRow[] = await inSlices(ids, inWindow);
  const wanted = ids ?? [...new Set(windowRows.map((r) => r.id))];
  const wantedSet = new Set(wanted);
  // Where each place stood before the window: the first day's new cases start from there. For
  // the map (no ids), every activity's, read without a list of ids, then kept for those wanted.
  const before = (
    await inSlices(ids, (part) =>
      db
        .selectDistinctOn([reports.diseaseActivityId, reports.locationId], totalColumns)
        .from(reports)
        .where(
          ownDailyTotals(
            lt(reports.reportedOn, from),
            part === null ? undefined : inArray(reports.diseaseActivityId, part),
          ),
        )
        .orderBy(
          reports.diseaseActivityId,
          reports.locationId,
          desc(reports.reportedOn),
          desc(reports.id),
        ),
    )
  ).filter((r) => wantedSet.has(r.id));
  const inputs = await inputsOf(db, ids, [...before, ...windowRows]);
  const places = await placesOf(db, inputs);
  const series: NewCasesSeries[] = [];
  for (const id of [...wanted].sort((a, b) => a - b)) {
    const newCases = new Array<number>(days).fill(0);
    const input = inputs.get(id);
    if (input !== undefined) {
      const curve = curveSeries(
        input.countryId,
        places(input),
        input.totals.map((t) => ({ ...t, pending: false })),
        input.periods,
      );
      curve.days.forEach((day, i) => {
        const at = dayIndex(from, day);
        if (at >= 0 && at < days) newCases[at] = curve.newCases.reportedCases[i] ?? 0;
      });
    }
    series.push({ diseaseActivityId: id, newCases });
  }
  return { from, to: today, series };
}
