import fc from 'fast-check';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { computeActivityFigures } from '@server/db/repositories/activity-figures';
import type { DiseaseActivityListItem } from '@domain/disease-activities';
import { backends } from '../support/test-server';
import { placeRow, useEntriesServer } from './entries-fixtures';

/**
 * Issue 31's regression fix (docs/decisions/0068-stored-activity-figures.md): the one rule's
 * output is stored per activity and per day, written in the transaction of whoever changes its
 * inputs. After random commits through the API and random writes behind its back (a committed
 * Daily Total deleted, an entry moved to another place, a place moved under another parent, a
 * reporting period moved), the stored rows of every activity equal the rule run from scratch
 * over the source rows, and the API answers them. A commit leaves nothing owed: it stored its
 * activity's figures before it committed.
 */

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const extra = { quebec: 6115047, montreal: 6077243, ottawa: 6094817 };

type Op =
  | {
      readonly kind: 'commit';
      readonly place: number;
      readonly day: number;
      readonly reported: number;
      readonly deaths: number;
    }
  | { readonly kind: 'deleteTotal'; readonly pick: number }
  | { readonly kind: 'moveEntry'; readonly pick: number; readonly place: number }
  | { readonly kind: 'movePlace'; readonly underOntario: boolean }
  | { readonly kind: 'periodStart'; readonly day: number };

describe.each(backends)('Stored activity figures on %s (issue 31)', (backend) => {
  const api = useEntriesServer(backend);
  let places: number[] = [];

  beforeAll(async () => {
    const db = api.server.db;
    const { place } = api.fx;
    const row = placeRow(place.canada);
    await db.insert(t.locations).values(row(extra.quebec, 'Quebec', 4, place.canada));
    await db
      .insert(t.locations)
      .values([
        row(extra.montreal, 'Montreal', 2, extra.quebec),
        row(extra.ottawa, 'Ottawa', 2, place.ontario),
      ]);
    places = [
      place.canada,
      place.ontario,
      place.toronto,
      extra.quebec,
      extra.montreal,
      extra.ottawa,
    ];
  });

  /** The stored rows of every activity, in the shape `computeActivityFigures` answers. */
  async function stored() {
    const db = api.server.db;
    const now = await db.select().from(t.activityFigures);
    const daily = await db
      .select()
      .from(t.activityFiguresDaily)
      .orderBy(asc(t.activityFiguresDaily.diseaseActivityId), asc(t.activityFiguresDaily.day));
    const ids = (
      await db.select({ id: t.diseaseActivities.diseaseActivityId }).from(t.diseaseActivities)
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);
    return ids.map((id) => {
      const n = now.find((r) => r.diseaseActivityId === id);
      return {
        diseaseActivityId: id,
        now:
          n === undefined
            ? null
            : {
                asOf: n.asOf,
                totals: {
                  reportedCases: n.reportedCases,
                  suspectedCases: n.suspectedCases,
                  confirmedCases: n.confirmedCases,
                  deaths: n.deaths,
                },
              },
        days: daily
          .filter((d) => d.diseaseActivityId === id)
          .map((d) => ({
            day: d.day,
            cumulative: {
              reportedCases: d.reportedCases,
              suspectedCases: d.suspectedCases,
              confirmedCases: d.confirmedCases,
              deaths: d.deaths,
            },
            newCases: {
              reportedCases: d.newReportedCases,
              suspectedCases: d.newSuspectedCases,
              confirmedCases: d.newConfirmedCases,
              deaths: d.newDeaths,
            },
          })),
      };
    });
  }

  const owedOf = async (id: number) =>
    api.server.db
      .select()
      .from(t.activityFiguresOwed)
      .where(eq(t.activityFiguresOwed.diseaseActivityId, id));

  async function run(op: Op): Promise<boolean> {
    const db = api.server.db;
    const { activityId, place, periodId } = api.fx;
    const ownTotals = () =>
      db
        .select({ id: t.reports.id })
        .from(t.reports)
        .where(
          and(
            eq(t.reports.diseaseActivityId, activityId),
            eq(t.reports.type, 4),
            eq(t.reports.reportStatus, 2),
          ),
        )
        .orderBy(asc(t.reports.id));
    switch (op.kind) {
      case 'commit': {
        const base = `/api/diseaseactivities/${activityId}/countries/${place.canada}`;
        const detail = await api.amara('GET', `${base}/numDays/5`);
        const res = await api.amara('POST', `${base}/reports/propagate`, {
          json: {
            commitChanges: true,
            cases: [
              {
                locationId: places[op.place] ?? place.canada,
                reportedOn: daysAgo(op.day),
                reportedCases: { cumulative: op.reported, userEntered: 'cumulative' },
                deaths: { cumulative: op.deaths, userEntered: 'cumulative' },
              },
            ],
          },
          headers: { 'if-match': detail.headers.get('etag') ?? '' },
        });
        if (res.status !== 201) return false;
        // Stored in the commit's own transaction: nothing is left for a read to do.
        expect(await owedOf(activityId)).toEqual([]);
        return true;
      }
      case 'deleteTotal': {
        const rows = await ownTotals();
        const row = rows[op.pick % Math.max(1, rows.length)];
        if (row !== undefined) await db.delete(t.reports).where(eq(t.reports.id, row.id));
        return false;
      }
      case 'moveEntry': {
        const rows = await ownTotals();
        const row = rows[op.pick % Math.max(1, rows.length)];
        if (row !== undefined)
          await db
            .update(t.reports)
            .set({ locationId: places[op.place] ?? place.canada })
            .where(eq(t.reports.id, row.id));
        return false;
      }
      case 'movePlace':
        await db
          .update(t.locations)
          .set({ parentId: op.underOntario ? place.ontario : extra.quebec })
          .where(eq(t.locations.id, extra.montreal));
        return false;
      case 'periodStart':
        await db
          .update(t.reportingPeriods)
          .set({ startDate: daysAgo(op.day) })
          .where(eq(t.reportingPeriods.id, periodId));
        return false;
    }
  }

  const op: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('commit' as const),
        place: fc.integer({ min: 0, max: 5 }),
        day: fc.integer({ min: 0, max: 20 }),
        reported: fc.integer({ min: 0, max: 300 }),
        deaths: fc.integer({ min: 0, max: 20 }),
      }),
    },
    fc.record({ kind: fc.constant('deleteTotal' as const), pick: fc.nat() }),
    fc.record({
      kind: fc.constant('moveEntry' as const),
      pick: fc.nat(),
      place: fc.integer({ min: 0, max: 5 }),
    }),
    fc.record({ kind: fc.constant('movePlace' as const), underOntario: fc.boolean() }),
    fc.record({ kind: fc.constant('periodStart' as const), day: fc.integer({ min: 3, max: 30 }) }),
  );

  it('after random commits and writes, the stored figures equal a from-scratch recomputation', async () => {
    let commits = 0;
    let owedAfterWrites = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const o of ops) if (await run(o)) commits += 1;
        const db = api.server.db;
        owedAfterWrites += (await db.select().from(t.activityFiguresOwed)).length;
        // The reads settle what the writes behind the API's back left owed.
        const list = (await api.amara('GET', '/api/diseaseactivities'))
          .body as DiseaseActivityListItem[];
        const newCases = (await api.amara('GET', '/api/diseaseactivities/newCases?days=30'))
          .body as { from: string; series: { diseaseActivityId: number; newCases: number[] }[] };
        expect(await db.select().from(t.activityFiguresOwed)).toEqual([]);

        const ids = (await stored()).map((s) => s.diseaseActivityId);
        const fresh = await computeActivityFigures(db, ids);
        const byId = new Map(fresh.map((f) => [f.diseaseActivityId, f]));
        const expected = ids.map(
          (id) => byId.get(id) ?? { diseaseActivityId: id, now: null, days: [] },
        );
        expect(await stored()).toEqual(expected);

        // What the API answered is the recomputation too.
        for (const f of expected) {
          const item = list.find((a) => a.diseaseActivityId === f.diseaseActivityId);
          expect(item?.totalReportedCases ?? null).toBe(f.now?.totals.reportedCases ?? null);
          expect(item?.totalNumberOfDeaths ?? null).toBe(f.now?.totals.deaths ?? null);
          const inWindow = f.days.filter((d) => d.day >= newCases.from && d.day <= daysAgo(0));
          const series = newCases.series.find((s) => s.diseaseActivityId === f.diseaseActivityId);
          if (inWindow.length === 0) expect(series).toBeUndefined();
          else
            expect(series?.newCases.reduce((a, b) => a + b, 0)).toBe(
              inWindow.reduce((a, d) => a + (d.newCases.reportedCases ?? 0), 0),
            );
        }
      }),
      { numRuns: 12 },
    );
    // The run did exercise both paths: commits through the API and writes left owed.
    expect(commits).toBeGreaterThan(3);
    expect(owedAfterWrites).toBeGreaterThan(0);
  }, 300_000);

  it('concurrent commits and writes to one activity lose no update', async () => {
    const db = api.server.db;
    const { activityId, place, periodId } = api.fx;
    const [collection] = await db
      .insert(t.reportCollections)
      .values({ diseaseActivityId: activityId, countryId: place.canada, commitDate: new Date() })
      .returning({ id: t.reportCollections.id });
    const base = `/api/diseaseactivities/${activityId}/countries/${place.canada}`;
    // Commits retried on a stale version (412), beside Daily Totals written directly.
    const commit = async (i: number) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const detail = await api.lukas('GET', `${base}/numDays/5`);
        const res = await api.lukas('POST', `${base}/reports/propagate`, {
          json: {
            commitChanges: true,
            cases: [
              {
                locationId: places[i % places.length] ?? place.canada,
                reportedOn: daysAgo(0),
                reportedCases: { cumulative: 1000 + i, userEntered: 'cumulative' },
              },
            ],
          },
          headers: { 'if-match': detail.headers.get('etag') ?? '' },
        });
        if (res.status !== 412) return res.status;
      }
      return 0;
    };
    // A writer behind the API locks the activity's row as every writer does (the summaries'
    // trigger needs it), and leaves the figures owed.
    const direct = async (i: number) =>
      db.transaction(async (tx) => {
        await tx
          .select({ id: t.diseaseActivities.diseaseActivityId })
          .from(t.diseaseActivities)
          .where(eq(t.diseaseActivities.diseaseActivityId, activityId))
          .for('update');
        await tx.insert(t.reports).values({
          diseaseActivityId: activityId,
          reportCollectionId: collection?.id ?? 0,
          locationId: extra.ottawa,
          type: 4,
          reportedOn: daysAgo(0),
          reportStatus: 2,
          reportingPeriodId: periodId,
          reportedCumulative: 2000 + i,
        });
      });
    await Promise.all([
      ...[0, 1, 2, 3].map((i) => commit(i)),
      ...[0, 1, 2].map((i) => direct(i)),
      api.amara('GET', '/api/diseaseactivities'),
    ]);
    await api.amara('GET', '/api/diseaseactivities');
    const [fresh] = await computeActivityFigures(db, [activityId]);
    const [row] = await db
      .select()
      .from(t.activityFigures)
      .where(inArray(t.activityFigures.diseaseActivityId, [activityId]));
    expect(row?.reportedCases ?? null).toBe(fresh?.now?.totals.reportedCases ?? null);
    expect(row?.asOf).toBe(daysAgo(0));
    // Ottawa's direct totals (2000–2002) are under Ontario: the country has at least 2000.
    expect(row?.reportedCases ?? 0).toBeGreaterThanOrEqual(2000);
    const [{ n } = { n: -1 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.activityFiguresOwed);
    expect(n).toBe(0);
  }, 120_000);
});
