import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { EntryType, ReportStatus, entryTypeWeight } from '@domain/enums';
import type { Db } from '../client';
import { reportArticles, reports } from '../schema';

/**
 * The committed rows a validate or save can see (issue 6: 1,000 places × 365 days), read
 * instead of each submitted place's whole history. The rules fold everything at a place before
 * its earliest pending day into one row holding, per figure, the latest cumulative (see
 * src/domain/entries/timeline-window.ts); so per place only the days from the earliest of those
 * latest rows onward are read (usually the last Daily Total's day), never before the latest
 * period entry that resets the place. The period entries themselves are read for the activity.
 */

type ReportRow = typeof reports.$inferSelect;

/** A place of the submission and its earliest pending day. */
export interface PendingPlace {
  readonly locationId: number;
  readonly firstDay: string;
}

const caseTypes = [EntryType.CASE_DATA, EntryType.AUTO_SURVEILLANCE, EntryType.PROCESSED];
const periodTypes = [EntryType.NEW_REPORTING_PERIOD, EntryType.END_REPORTING_PERIOD];

/** The rows of a raw statement's answer (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf(result: unknown): unknown[] {
  const rows =
    typeof result === 'object' && result !== null && 'rows' in result ? result.rows : undefined;
  if (!Array.isArray(rows)) throw new Error('entries window: unexpected database result');
  return rows;
}

/** An activity's committed period entries (they reset every place), in history order. */
export function committedPeriodRows(db: Db, activityId: number): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.diseaseActivityId, activityId),
        eq(reports.reportStatus, ReportStatus.Committed),
        inArray(reports.type, periodTypes),
      ),
    )
    .orderBy(asc(reports.id));
}

/**
 * The day of the latest period entry a pending entry on `firstDay` (case data's weight) comes
 * after: the place's cumulatives start afresh there, nothing before it is visible.
 */
function resetDayOf(periods: readonly ReportRow[], firstDay: string): string | null {
  const caseWeight = entryTypeWeight[EntryType.CASE_DATA];
  let reset: string | null = null;
  for (const p of periods) {
    const day = p.reportedOn;
    const weight =
      p.type === EntryType.NEW_REPORTING_PERIOD
        ? entryTypeWeight[EntryType.NEW_REPORTING_PERIOD]
        : entryTypeWeight[EntryType.END_REPORTING_PERIOD];
    const before = day < firstDay || (day === firstDay && weight < caseWeight);
    if (before && (reset === null || day > reset)) reset = day;
  }
  return reset;
}

/**
 * The latest day of a committed case row at a place before its pending day (and not before its
 * reset), with a condition. max(), not ORDER BY … LIMIT 1: PostgreSQL turns max() into one
 * backward step of the (activity, location, day) index, while for ORDER BY, with the estimates
 * of a never-analysed table (PGlite runs no autovacuum), it sorted the place's whole history.
 */
const latestBefore = (activityId: number, condition: ReturnType<typeof sql> | null) => sql`(
  select max(r.reported_on) from reports r
  where r.disease_activity_id = ${activityId} and r.location_id = w.location_id
    and r.report_status = ${ReportStatus.Committed}
    and r.type in (${sql.join(
      caseTypes.map((t) => sql`${t}`),
      sql`, `,
    )})
    and r.reported_on < w.first_day
    and r.reported_on >= coalesce(w.reset_day, '-infinity'::date)
    ${condition === null ? sql`` : sql`and ${condition}`})`;

/**
 * The committed case rows (case data, auto surveillance, Daily Totals) of the pending places
 * the rules can see, in history order: per place, from the earliest day that holds the latest
 * cumulative of some figure (or the latest row at all) before its pending day, onward. Each
 * bound is found by the (activity, location, day) index, newest first, so the cost follows
 * the places, not their history. `periods` are the activity's committed period entries.
 */
export async function committedWindowRows(
  db: Db,
  activityId: number,
  places: readonly PendingPlace[],
  periods: readonly ReportRow[],
): Promise<ReportRow[]> {
  if (places.length === 0) return [];
  // One JSON parameter, however many places: a list would meet the 65,535-parameter limit.
  const windows = JSON.stringify(
    places.map((p) => ({
      location_id: p.locationId,
      first_day: p.firstDay,
      reset_day: resetDayOf(periods, p.firstDay),
    })),
  );
  // Per place the day it is read from: the earliest of the latest days before its pending day
  // holding each figure's cumulative, and of the latest day at all (the fold's own day); then
  // the ids of its rows from that day on, by a lateral read: a range of the (activity,
  // location, day) index per place. `offset 0` keeps each lateral subquery a per-place loop:
  // without it the planner, on the estimates of a table with no statistics (PGlite's never
  // have any: it runs no autovacuum), flattened them into a hash join over the activity's
  // whole history and ran the bounds once per history row.
  const found = rowsOf(
    await db.execute(sql`
      select r.id from json_to_recordset(${windows}::json)
        as w(location_id integer, first_day date, reset_day date)
      cross join lateral (select coalesce(least(
        ${latestBefore(activityId, sql`r.reported_cumulative is not null`)},
        ${latestBefore(activityId, sql`r.suspected_cumulative is not null`)},
        ${latestBefore(activityId, sql`r.confirmed_cumulative is not null`)},
        ${latestBefore(activityId, sql`r.deaths_cumulative is not null`)},
        ${latestBefore(activityId, null)}
      ), w.first_day) as from_day offset 0) as f
      cross join lateral (
        select r.id from reports r
        where r.disease_activity_id = ${activityId} and r.location_id = w.location_id
          and r.reported_on >= f.from_day
        offset 0
      ) as r`),
  );
  const ids = found.map((row) => (row as { id: number }).id);
  // By primary key; the type and status are checked here, not in the lateral read's condition,
  // so that nothing there could draw the planner to the (activity, type, status) index.
  const read: ReportRow[] = [];
  for (let at = 0; at < ids.length; at += maxIdsPerStatement) {
    read.push(
      ...(await db
        .select()
        .from(reports)
        .where(inArray(reports.id, ids.slice(at, at + maxIdsPerStatement)))),
    );
  }
  return read
    .filter((r) => r.reportStatus === ReportStatus.Committed && caseTypeSet.has(r.type))
    .sort((a, b) => a.id - b.id);
}

const caseTypeSet: ReadonlySet<number> = new Set(caseTypes);

/** The articles of some reports, by report id (in chunks: an id list is one parameter each). */
export async function articlesOfReports(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  for (let at = 0; at < ids.length; at += maxIdsPerStatement) {
    for (const link of await db
      .select({ reportId: reportArticles.reportId, articleId: reportArticles.articleId })
      .from(reportArticles)
      .where(inArray(reportArticles.reportId, ids.slice(at, at + maxIdsPerStatement)))
      .orderBy(asc(reportArticles.reportId), asc(reportArticles.articleId))) {
      const list = map.get(link.reportId) ?? [];
      list.push(link.articleId);
      map.set(link.reportId, list);
    }
  }
  return map;
}

/** Well under the 65,535 parameters a statement may carry. */
const maxIdsPerStatement = 30_000;

/** What a validate or save reads of the committed history, and the articles it carries. */
export interface CommittedRead {
  /** Committed period entries and case rows, in history order. */
  readonly rows: readonly ReportRow[];
  /** Articles of the Daily Totals the commit may carry over (propagation), by report id. */
  readonly articles: ReadonlyMap<number, readonly number[]>;
}

/** How the committed history is read for a submission (the test compares two ways). */
export type ReadCommitted = (
  db: Db,
  activityId: number,
  places: readonly PendingPlace[],
) => Promise<CommittedRead>;

/**
 * The committed rows the rules can see of the pending places, and the articles of their Daily
 * Totals from each place's pending day on (only those are carried into propagated totals).
 */
export const readCommittedWindow: ReadCommitted = async (db, activityId, places) => {
  const periods = await committedPeriodRows(db, activityId);
  const window = await committedWindowRows(db, activityId, places, periods);
  const firstDay = new Map(places.map((p) => [p.locationId, p.firstDay]));
  const totals = window
    .filter(
      (r) => r.type === EntryType.PROCESSED && r.reportedOn >= (firstDay.get(r.locationId) ?? ''),
    )
    .map((r) => r.id);
  return {
    rows: [...periods, ...window].sort((a, b) => a.id - b.id),
    articles: await articlesOfReports(db, totals),
  };
};
