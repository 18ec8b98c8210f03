import { and, asc, eq, sql } from 'drizzle-orm';
import { Schema } from 'effect';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@domain/calendar-day';
import { EntriesBody } from '@domain/entries/entries-api';
import { EntryType, ReportStatus } from '@domain/enums';
import type { Db } from '@server/db/client';
import * as t from '@server/db/schema';
import type { FoundActivity } from '@server/db/repositories/activity-detail';
import { findActivity } from '@server/db/repositories/activity-detail';
import { committedArithmeticRows } from '@server/db/repositories/entries-read';
import type { PreparedSubmission } from '@server/db/repositories/entries-submission';
import { prepareSubmission } from '@server/db/repositories/entries-submission';
import type { ReadCommitted } from '@server/db/repositories/entries-window-read';
import { readCommittedWindow } from '@server/db/repositories/entries-window-read';
import { backends, openTestDatabase } from '../support/test-server';
import type { EntriesFixtures } from './entries-fixtures';
import { insertEntriesFixtures } from './entries-fixtures';

/**
 * The narrow read of validate and save (entries-window-read.ts: per place only from its last
 * figures before the pending day) against the full read it replaced (every committed row of the
 * activity, every Daily Total's articles): on random committed histories and submissions, the
 * rules answer the same, and a commit would overwrite the same Daily Totals.
 */

/** The read before issue 6's narrowing: the activity's whole committed arithmetic history. */
const readCommittedFully: ReadCommitted = async (db, activityId) => {
  const rows = (await committedArithmeticRows(db, activityId)).sort((a, b) => a.id - b.id);
  const articles = new Map<number, number[]>();
  for (const link of await db
    .select({ reportId: t.reportArticles.reportId, articleId: t.reportArticles.articleId })
    .from(t.reportArticles)
    .innerJoin(t.reports, eq(t.reports.id, t.reportArticles.reportId))
    .where(
      and(
        eq(t.reports.diseaseActivityId, activityId),
        eq(t.reports.type, EntryType.PROCESSED),
        eq(t.reports.reportStatus, ReportStatus.Committed),
      ),
    )
    .orderBy(asc(t.reportArticles.reportId), asc(t.reportArticles.articleId))) {
    const list = articles.get(link.reportId) ?? [];
    list.push(link.articleId);
    articles.set(link.reportId, list);
  }
  return { rows, articles };
};

const start = '2024-01-01';
const today = '2024-03-01';
const figureNames = ['reported', 'suspected', 'confirmed', 'deaths'] as const;

const figure = fc.option(
  fc.record({ cumulative: fc.nat({ max: 400 }), newCases: fc.option(fc.nat({ max: 50 })) }),
  { freq: 3 },
);

/** A committed (mostly) row of the history: a case row, a Daily Total or a period entry. */
const historyRow: fc.Arbitrary<HistoryRow> = fc.record({
  place: fc.nat({ max: 2 }),
  day: fc.nat({ max: 30 }),
  type: fc.constantFrom(
    EntryType.CASE_DATA,
    EntryType.CASE_DATA,
    EntryType.AUTO_SURVEILLANCE,
    EntryType.PROCESSED,
    EntryType.PROCESSED,
    EntryType.NEW_REPORTING_PERIOD,
    EntryType.END_REPORTING_PERIOD,
  ),
  status: fc.constantFrom(
    ReportStatus.Committed,
    ReportStatus.Committed,
    ReportStatus.Committed,
    ReportStatus.Saved,
    ReportStatus.Deleted,
  ),
  figures: fc.tuple(figure, figure, figure, figure),
  linked: fc.boolean(),
});

/** A pending case entry (or a check-in, which opens a window without figures). */
const pendingRow: fc.Arbitrary<PendingRow> = fc.record({
  place: fc.nat({ max: 2 }),
  day: fc.option(fc.nat({ max: 34 }), { freq: 8 }),
  checkIn: fc.constantFrom(false, false, false, true),
  newCases: fc.option(fc.nat({ max: 150 })),
  cumulative: fc.option(fc.nat({ max: 500 })),
});

const decodeBody = Schema.decodeUnknownSync(EntriesBody);

type FigureValue = { readonly cumulative: number; readonly newCases: number | null } | null;
interface HistoryRow {
  readonly place: number;
  readonly day: number;
  readonly type: EntryType;
  readonly status: ReportStatus;
  readonly figures: readonly [FigureValue, FigureValue, FigureValue, FigureValue];
  readonly linked: boolean;
}
interface PendingRow {
  readonly place: number;
  readonly day: number | null;
  readonly checkIn: boolean;
  readonly newCases: number | null;
  readonly cumulative: number | null;
}

describe.each(backends)('validate and save read only what the rules see, on %s', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  let fx: EntriesFixtures;
  let found: FoundActivity;
  let collectionId: number;
  let places: readonly number[];

  beforeAll(async () => {
    const opened = await openTestDatabase(backend);
    await opened.database.migrate();
    db = opened.database.db;
    close = opened.close;
    fx = await insertEntriesFixtures(db);
    places = [fx.place.canada, fx.place.ontario, fx.place.toronto];
    const activity = await findActivity(db, fx.activityId, fx.place.canada);
    if (activity === undefined) throw new Error('no activity');
    found = activity;
    const [collection] = await db
      .insert(t.reportCollections)
      .values({
        diseaseActivityId: fx.activityId,
        countryId: fx.place.canada,
        commitDate: new Date(`${start}T12:00:00Z`),
      })
      .returning({ id: t.reportCollections.id });
    if (collection === undefined) throw new Error('no collection');
    collectionId = collection.id;
  });
  afterAll(() => close());

  /** Replaces the activity's reports with `history`. */
  async function writeHistory(history: readonly HistoryRow[]) {
    await db.execute(sql`delete from reports where disease_activity_id = ${fx.activityId}`);
    if (history.length === 0) return;
    const inserted = await db
      .insert(t.reports)
      .values(
        history.map((h) => {
          const period =
            h.type === EntryType.NEW_REPORTING_PERIOD || h.type === EntryType.END_REPORTING_PERIOD;
          const counts = Object.fromEntries(
            figureNames.flatMap((name, i) => {
              const f = period ? null : h.figures[i];
              return [
                [`${name}Cumulative`, f?.cumulative ?? null],
                [`${name}NewCases`, f?.newCases ?? null],
              ];
            }),
          );
          return {
            reportCollectionId: collectionId,
            diseaseActivityId: fx.activityId,
            locationId: period ? fx.place.canada : (places[h.place] ?? fx.place.canada),
            type: h.type,
            reportedOn: addDays(start, h.day),
            reportStatus: h.status,
            reportingPeriodType: period ? ('NewOutbreak' as const) : null,
            ...counts,
          };
        }),
      )
      .returning({ id: t.reports.id, type: t.reports.type });
    const links = inserted.filter(
      (r, i) => r.type === EntryType.PROCESSED && history[i]?.linked === true,
    );
    if (links.length > 0) {
      await db
        .insert(t.reportArticles)
        .values(links.map((r) => ({ reportId: r.id, articleId: fx.article })));
    }
  }

  const bodyOf = (pending: readonly PendingRow[]) =>
    decodeBody({
      cases: pending
        .filter((p) => !p.checkIn)
        .map((p) => ({
          locationId: places[p.place],
          reportedOn: p.day === null ? null : addDays(start, p.day),
          reportedCases:
            p.cumulative !== null
              ? { cumulative: p.cumulative, userEntered: 'cumulative' }
              : { newCases: p.newCases ?? 0, userEntered: 'newCases' },
        })),
      inactivities: pending
        .filter((p) => p.checkIn && p.day !== null)
        .map((p) => ({
          locationId: fx.place.canada,
          reportedOn: addDays(start, p.day ?? 0),
          inactivityReason: 'NoNewCases',
        })),
    });

  /** What a commit overwrites: the committed Daily Total each written total lands on. */
  const overwritten = (p: PreparedSubmission) => {
    const byDay = new Map<string, number>();
    for (const r of p.committedRows) {
      const key = `${r.locationId}:${r.reportedOn}`;
      if (r.type === EntryType.PROCESSED && !r.isNestingEntry && !byDay.has(key)) {
        byDay.set(key, r.id);
      }
    }
    return p.result.dailyTotals.map((d) => byDay.get(`${d.locationId}:${d.reportedOn}`) ?? null);
  };

  it('answers as the full read on random histories and submissions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(historyRow, { maxLength: 40 }),
        fc.array(pendingRow, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        async (history, pending, propagate) => {
          await writeHistory(history);
          const body = bodyOf(pending);
          const request = { propagate, propagateUptoDate: propagate ? addDays(start, 33) : null };
          const run = (read: ReadCommitted) =>
            prepareSubmission(db, found, null, body, request, today, read);
          const full = await run(readCommittedFully);
          const narrow = await run(readCommittedWindow);
          expect(narrow.result).toEqual(full.result);
          expect(overwritten(narrow)).toEqual(overwritten(full));
          // Not trivially equal: the narrow read leaves rows out when there is history to skip.
          expect(narrow.committedRows.length).toBeLessThanOrEqual(full.committedRows.length);
        },
      ),
      { numRuns: backend === 'pglite' ? 150 : 100 },
    );
  }, 240_000);

  it('reads one day per place for a save the day after a long history', async () => {
    const carried = (day: number) => ({ cumulative: day + 1, newCases: 1 });
    // 30 days of a case entry and its Daily Total at two places, all figures carried.
    const history: HistoryRow[] = [1, 2].flatMap((place) =>
      Array.from({ length: 30 }, (_, day) => day).flatMap((day) =>
        [EntryType.CASE_DATA, EntryType.PROCESSED].map((type) => ({
          place,
          day,
          type,
          status: ReportStatus.Committed,
          figures: [carried(day), carried(day), carried(day), carried(day)],
          linked: false,
        })),
      ),
    );
    await writeHistory(history);
    const body = bodyOf(
      [1, 2].map((place) => ({ place, day: 30, checkIn: false, newCases: 2, cumulative: null })),
    );
    const request = { propagate: false, propagateUptoDate: null };
    const full = await prepareSubmission(db, found, null, body, request, today, readCommittedFully);
    const narrow = await prepareSubmission(db, found, null, body, request, today);
    expect(narrow.result).toEqual(full.result);
    expect(full.committedRows).toHaveLength(120);
    // Day 29's case entry and Daily Total at each place: the fold needs nothing older.
    expect(narrow.committedRows.map((r) => r.reportedOn)).toEqual(
      Array.from({ length: 4 }, () => addDays(start, 29)),
    );
    expect([...narrow.result.counts.values()].map((c) => c.reportedCases.cumulative)).toEqual([
      32, 32,
    ]);
  });
});
