import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
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
import { curveSeries, type CurveSeries } from '@domain/entries/epi-curve';
import type { NestingPlace } from '@domain/entries/nesting';
import { EntryType, ReportStatus } from '@domain/enums';
import type { Db } from '../client';
import {
  activityFigures,
  activityFiguresDaily,
  activityFiguresOwed,
  diseaseActivities,
  locations,
  reportingPeriods,
  reports,
} from '../schema';

/**
 * An activity's figures on the server, every one by the one cumulative rule
 * (src/domain/entries/cumulative-rule.ts, docs/decisions/0058-one-cumulative-rule.md): the index's
 * totals and the new cases per day behind the sparklines and the map. The rule runs here when an
 * activity's inputs change (each place's own committed Daily Totals, the places' gazetteer
 * parents, the reporting periods) and its output is stored (`activity_figures`,
 * `activity_figures_daily`, docs/decisions/0068-stored-activity-figures.md); reads select rows.
 * Triggers (migration 0029) mark an activity owed in the writer's transaction; the committer
 * refreshes its activity before it commits (`refreshOwedFigures`), a read refreshes what any
 * other writer left owed (`settleOwedFigures`). The rule itself is not written again here.
 */

/** Gazetteer depth is country → province → county/city → …: a few rounds reach the top. */
const maxAncestorRounds = 8;

/**
 * The places of `ids` and every ancestor of theirs. Places the caller has read already are
 * given as `known` and not read again (the detail call's 1,000 places were a 1,000-parameter
 * query, most of its cost in building the statement).
 */
export async function placesWithAncestors(
  db: Db,
  ids: readonly number[],
  known: readonly NestingPlace[] = [],
): Promise<NestingPlace[]> {
  const found = new Map<number, NestingPlace>(known.map((p) => [p.id, p]));
  const parentsOf = (places: readonly NestingPlace[]) =>
    places.flatMap((p) => (p.parentId === null ? [] : [p.parentId]));
  let wanted = [...new Set([...ids, ...parentsOf(known)])].filter((id) => !found.has(id));
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
    wanted = [...new Set(parentsOf(rows))].filter((id) => !found.has(id));
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

/** What the rule gives one activity: its figures now, and its curve's points. */
export interface ComputedFigures {
  readonly diseaseActivityId: number;
  /** Null when no place under the country has an own committed Daily Total. */
  readonly now: { readonly asOf: string; readonly totals: FigureTotals } | null;
  readonly days: readonly {
    readonly day: string;
    readonly cumulative: FigureTotals;
    readonly newCases: FigureTotals;
  }[];
}

/**
 * The rule's output for `ids`, from the source rows (every own committed Daily Total, the
 * places, the periods), as the index, the sparklines and the map show it. Nothing is written.
 */
export async function computeActivityFigures(
  db: Db,
  ids: readonly number[],
): Promise<ComputedFigures[]> {
  if (ids.length === 0) return [];
  const rows: TotalRow[] = await inSlices(ids, (part) =>
    db
      .select(totalColumns)
      .from(reports)
      .where(ownDailyTotals(part === null ? undefined : inArray(reports.diseaseActivityId, part)))
      // In the order given: of two totals of a place on one day, the later counts.
      .orderBy(asc(reports.id)),
  );
  const inputs = await inputsOf(db, ids, rows);
  const places = await placesOf(db, inputs);
  const out: ComputedFigures[] = [];
  for (const [id, input] of inputs) {
    const placesOfActivity = places(input);
    const latest = latestCumulatives(
      input.countryId,
      placesOfActivity,
      input.totals,
      input.periods,
    );
    const curve = curveSeries(
      input.countryId,
      placesOfActivity,
      input.totals.map((t) => ({ ...t, pending: false })),
      input.periods,
    );
    const at = (series: CurveSeries['cumulative'], i: number): FigureTotals => ({
      reportedCases: series.reportedCases[i] ?? null,
      suspectedCases: series.suspectedCases[i] ?? null,
      confirmedCases: series.confirmedCases[i] ?? null,
      deaths: series.deaths[i] ?? null,
    });
    out.push({
      diseaseActivityId: id,
      now:
        latest === null
          ? null
          : { asOf: latest.day, totals: latest.tree.cumulativeOf(input.countryId) },
      days: curve.days.map((day, i) => ({
        day,
        cumulative: at(curve.cumulative, i),
        newCases: at(curve.newCases, i),
      })),
    });
  }
  return out.sort((a, b) => a.diseaseActivityId - b.diseaseActivityId);
}

// Rows per insert: 10 columns a daily row, under PostgreSQL's 65,535 bound parameters.
const insertChunk = 2000;

/** Replaces the stored figures of `ids` by the rule's output from the source rows. */
async function writeFigures(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const computed = await computeActivityFigures(tx, ids);
  await inSlices(ids, async (part) => {
    if (part === null) return [];
    await tx.delete(activityFigures).where(inArray(activityFigures.diseaseActivityId, part));
    await tx
      .delete(activityFiguresDaily)
      .where(inArray(activityFiguresDaily.diseaseActivityId, part));
    return [];
  });
  const now = computed.flatMap((c) =>
    c.now === null
      ? []
      : [{ diseaseActivityId: c.diseaseActivityId, asOf: c.now.asOf, ...c.now.totals }],
  );
  const daily = computed.flatMap((c) =>
    c.days.map((d) => ({
      diseaseActivityId: c.diseaseActivityId,
      day: d.day,
      ...d.cumulative,
      newReportedCases: d.newCases.reportedCases,
      newSuspectedCases: d.newCases.suspectedCases,
      newConfirmedCases: d.newCases.confirmedCases,
      newDeaths: d.newCases.deaths,
    })),
  );
  for (let i = 0; i < now.length; i += insertChunk)
    await tx.insert(activityFigures).values(now.slice(i, i + insertChunk));
  for (let i = 0; i < daily.length; i += insertChunk)
    await tx.insert(activityFiguresDaily).values(daily.slice(i, i + insertChunk));
}

/**
 * Inside a writer's transaction: recomputes the figures of those of `ids` that are owed (marked
 * by the triggers of migration 0029). The activities' rows are locked first (`FOR UPDATE`, in id
 * order, as a commit locks its activity), so the source is read after any commit to them that
 * came first and no other writer can change it before this transaction ends: a concurrent
 * commit waits, then recomputes again over both. Answers the ids refreshed.
 */
export async function refreshOwedFigures(tx: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const locked = await tx
    .select({ id: diseaseActivities.diseaseActivityId })
    .from(diseaseActivities)
    .where(inArray(diseaseActivities.diseaseActivityId, unique))
    .orderBy(asc(diseaseActivities.diseaseActivityId))
    .for('update');
  const claimed = (
    await tx
      .delete(activityFiguresOwed)
      .where(inArray(activityFiguresOwed.diseaseActivityId, unique))
      .returning({ id: activityFiguresOwed.diseaseActivityId })
  ).map((r) => r.id);
  const lockedIds = new Set(locked.map((r) => r.id));
  const refreshed = claimed.filter((id) => lockedIds.has(id));
  await writeFigures(tx, refreshed);
  return refreshed;
}

/** Activities refreshed per transaction when a read settles many (a backfill). */
const settleBatch = 500;

/**
 * Before a read: refreshes whatever of `ids` (null: any activity) a writer left owed, each batch
 * in a transaction of its own. Usually nothing is owed (the committer refreshed its activity), so
 * this is one indexed probe. `npm start` calls it once after the migrations (the backfill).
 */
export async function settleOwedFigures(
  db: Db,
  ids: readonly number[] | null,
  log?: (message: string) => void,
): Promise<number> {
  const owed = (
    await inSlices(ids, (part) =>
      db
        .select({ id: activityFiguresOwed.diseaseActivityId })
        .from(activityFiguresOwed)
        .where(part === null ? undefined : inArray(activityFiguresOwed.diseaseActivityId, part)),
    )
  ).map((r) => r.id);
  if (owed.length === 0) return 0;
  const t0 = performance.now();
  owed.sort((a, b) => a - b);
  let done = 0;
  for (let i = 0; i < owed.length; i += settleBatch) {
    const batch = owed.slice(i, i + settleBatch);
    done += (await db.transaction((tx) => refreshOwedFigures(tx, batch))).length;
    if (log && owed.length > settleBatch)
      log(`figures: ${Math.min(i + settleBatch, owed.length)} / ${owed.length} activities`);
  }
  log?.(
    `figures: ${done} activities' figures computed in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return done;
}

/**
 * Each activity's current figures (`ids`, or every activity when null): its country's
 * cumulative by the rule on the day of its latest Daily Total. Activities without one are absent.
 */
export async function activityTotals(
  db: Db,
  ids: readonly number[] | null,
): Promise<Map<number, FigureTotals>> {
  await settleOwedFigures(db, ids);
  const rows = await inSlices(ids, (part) =>
    db
      .select()
      .from(activityFigures)
      .where(part === null ? undefined : inArray(activityFigures.diseaseActivityId, part)),
  );
  return new Map(
    rows.map((r) => [
      r.diseaseActivityId,
      {
        reportedCases: r.reportedCases,
        suspectedCases: r.suspectedCases,
        confirmedCases: r.confirmedCases,
        deaths: r.deaths,
      },
    ]),
  );
}

/**
 * New reported cases per day of disease activities over a window ending `today` (issue 19):
 * the day-to-day change of the activity's reported cumulative by the rule (its epidemic curve),
 * 0 on a day the cumulative did not move. `ids` null: every activity with a point of its curve
 * in the window (the map); otherwise those ids, each with a series.
 */
export async function activityNewCases(
  db: Db,
  today: string,
  days: number,
  ids: readonly number[] | null,
): Promise<NewCasesAnswer> {
  const from = windowStart(today, days);
  await settleOwedFigures(db, ids);
  const rows = await inSlices(ids, (part) =>
    db
      .select({
        id: activityFiguresDaily.diseaseActivityId,
        day: activityFiguresDaily.day,
        newCases: activityFiguresDaily.newReportedCases,
      })
      .from(activityFiguresDaily)
      .where(
        and(
          gte(activityFiguresDaily.day, from),
          lte(activityFiguresDaily.day, today),
          part === null ? undefined : inArray(activityFiguresDaily.diseaseActivityId, part),
        ),
      ),
  );
  const byId = new Map<number, number[]>();
  for (const id of ids ?? []) byId.set(id, new Array<number>(days).fill(0));
  for (const r of rows) {
    let newCases = byId.get(r.id);
    if (newCases === undefined) {
      newCases = new Array<number>(days).fill(0);
      byId.set(r.id, newCases);
    }
    const at = dayIndex(from, r.day);
    if (at >= 0 && at < days) newCases[at] = r.newCases ?? 0;
  }
  const series: NewCasesSeries[] = [...byId]
    .sort(([a], [b]) => a - b)
    .map(([diseaseActivityId, newCases]) => ({ diseaseActivityId, newCases }));
  return { from, to: today, series };
}
