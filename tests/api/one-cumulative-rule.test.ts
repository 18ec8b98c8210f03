import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { aggregateByCountry } from '@domain/activity-map';
import type { DiseaseActivityListItem } from '@domain/disease-activities';
import { ActivityDetailJson, NestingAnswerJson } from '@domain/entries/entries-api';
import { curveSeries } from '@domain/entries/epi-curve';
import { activityCurveDataOf, detailCumulatives } from '@domain/entries/epi-curve-totals';
import { placeFigures } from '@domain/geo/locator';
import { Schema } from 'effect';
import { backends } from '../support/test-server';
import { placeRow, useEntriesServer } from './entries-fixtures';

/**
 * Issue 31, "Figures that must agree": random committed Daily Totals at a country and its
 * provinces and cities, on several days, for the four count types; every figure the activity
 * shows, each computed by its consumer's own code path (the index list and the new-cases call
 * on the server, the detail's figures behind the country row and the locator, the epidemic
 * curve from the worker's detail read, the nesting call, the map's grouping), equals an oracle
 * written here from the rule's words (docs/decisions/0058-one-cumulative-rule.md), not from the code:
 *
 *   Per count type, a place's cumulative is the larger of its own cumulative (the figure of its
 *   latest committed Daily Total that is not a rolled-up one) and the sum of the cumulatives of
 *   the places directly below it that have one; empty when neither exists. The activity's
 *   figure is its country's. A day's new cases are the change of the reported cumulative since
 *   the day before.
 */

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const window = 14;

// The fixture's Canada → Ontario → Toronto, and more places: a province with a city, a city of
// Ontario, and a city under a region with no entries of its own.
const extra = {
  quebec: 6115047,
  montreal: 6077243,
  ottawa: 6094817,
  york: 6185560,
  markham: 6066513,
};
const figureNames = ['reportedCases', 'suspectedCases', 'confirmedCases', 'deaths'] as const;
type Figure = (typeof figureNames)[number];
type Figures = Record<Figure, number | null>;

interface Total {
  readonly place: string;
  readonly day: number; // days ago
  readonly figures: Figures;
  /** 'own' counts; a saved or a rolled-up (isNestingEntry) Daily Total must not. */
  readonly kind: 'own' | 'saved' | 'nested';
}

describe.each(backends)('One cumulative rule on %s (issue 31)', (backend) => {
  const api = useEntriesServer(backend);
  let activityId = 0;
  let collectionId = 0;
  let savedCollectionId = 0;
  let periodId = 0;
  let ids: Record<string, number> = {};
  // The oracle's tree, written from the gazetteer rows below (York has no entries).
  let children: Record<string, readonly string[]> = {};

  beforeAll(async () => {
    const db = api.server.db;
    const { place } = api.fx;
    ids = { canada: place.canada, ontario: place.ontario, toronto: place.toronto, ...extra };
    children = {
      canada: ['ontario', 'quebec'],
      ontario: ['toronto', 'ottawa', 'york'],
      york: ['markham'],
      quebec: ['montreal'],
    };
    const row = placeRow(place.canada);
    await db.insert(t.locations).values(row(extra.quebec, 'Quebec', 4, place.canada));
    await db
      .insert(t.locations)
      .values([
        row(extra.montreal, 'Montreal', 2, extra.quebec),
        row(extra.ottawa, 'Ottawa', 2, place.ontario),
        row(extra.york, 'York', 9, place.ontario),
      ]);
    await db.insert(t.locations).values(row(extra.markham, 'Markham', 2, extra.york));
    // Anthrax in cattle in Canada: an activity of its own, a period open since 2024.
    const [activity] = await db
      .insert(t.diseaseActivities)
      .values({ diseaseId: 1, countryId: place.canada, speciesId: 2 })
      .returning({ id: t.diseaseActivities.diseaseActivityId });
    activityId = activity?.id ?? 0;
    await db.insert(t.diseaseActivityCountries).values({
      diseaseActivityId: activityId,
      countryId: place.canada,
      riskModelId: 1,
      totalCountStartDate: '2024-01-01',
    });
    const [period] = await db
      .insert(t.reportingPeriods)
      .values({
        diseaseActivityId: activityId,
        startDate: '2024-01-01',
        reportingPeriodType: 'NewOutbreak',
      })
      .returning({ id: t.reportingPeriods.id });
    periodId = period?.id ?? 0;
    const [committed, saved] = await db
      .insert(t.reportCollections)
      .values([
        { diseaseActivityId: activityId, countryId: place.canada, commitDate: new Date() },
        { diseaseActivityId: activityId, countryId: place.canada, commitDate: null },
      ])
      .returning({ id: t.reportCollections.id });
    collectionId = committed?.id ?? 0;
    savedCollectionId = saved?.id ?? 0;
  });

  /** The oracle: a place's cumulative on a day, per figure, from the rule's words. */
  function oracle(totals: readonly Total[], place: string, day: number): Figures {
    // Own: the latest committed, not rolled-up, Daily Total on or before the day (days are
    // "days ago": on or before means at least as many days ago); of two on a day, the later.
    let own: Total | undefined;
    for (const x of totals) {
      if (x.kind !== 'own' || x.place !== place || x.day < day) continue;
      if (own === undefined || x.day <= own.day) own = x;
    }
    const below = (children[place] ?? []).map((c) => oracle(totals, c, day));
    const out = {} as Figures;
    for (const f of figureNames) {
      const given = below.map((b) => b[f]).filter((v): v is number => v !== null);
      const sum = given.length === 0 ? null : given.reduce((a, b) => a + b, 0);
      const mine = own?.figures[f] ?? null;
      out[f] = mine === null ? sum : sum === null ? mine : Math.max(mine, sum);
    }
    return out;
  }

  const places = ['canada', 'ontario', 'toronto', 'ottawa', 'markham', 'quebec', 'montreal'];
  // Each place tracks some figures (a Daily Total carries a figure forward once given).
  const arbitrary = fc
    .record({
      tracked: fc.array(fc.subarray([...figureNames], { minLength: 1 }), {
        minLength: places.length,
        maxLength: places.length,
      }),
      totals: fc.array(
        fc.record({
          place: fc.integer({ min: 0, max: places.length - 1 }),
          day: fc.integer({ min: 0, max: window + 3 }),
          values: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 4, maxLength: 4 }),
          kind: fc.constantFrom<Total['kind']>('own', 'own', 'own', 'own', 'saved', 'nested'),
        }),
        { minLength: 1, maxLength: 14 },
      ),
    })
    .map(({ tracked, totals }): Total[] =>
      totals
        // One own Daily Total per place and day, as a commit writes them.
        .filter(
          (x, i) =>
            x.kind !== 'own' ||
            !totals.some(
              (y, j) => j > i && y.kind === 'own' && y.place === x.place && y.day === x.day,
            ),
        )
        .map((x) => {
          const figures = {} as Figures;
          figureNames.forEach((f, i) => {
            figures[f] = tracked[x.place]?.includes(f) ? (x.values[i] ?? 0) : null;
          });
          return { place: places[x.place] ?? 'canada', day: x.day, figures, kind: x.kind };
        }),
    );

  async function write(totals: readonly Total[]) {
    const db = api.server.db;
    await db.delete(t.reports).where(eq(t.reports.diseaseActivityId, activityId));
    // In the order given, so "the later of a day" is the later row.
    for (const x of totals) {
      await db.insert(t.reports).values({
        diseaseActivityId: activityId,
        reportCollectionId: x.kind === 'saved' ? savedCollectionId : collectionId,
        locationId: ids[x.place] ?? 0,
        type: 4,
        reportedOn: daysAgo(x.day),
        reportStatus: x.kind === 'saved' ? 1 : 2,
        isNestingEntry: x.kind === 'nested',
        reportingPeriodId: periodId,
        reportedCumulative: x.figures.reportedCases,
        suspectedCumulative: x.figures.suspectedCases,
        confirmedCumulative: x.figures.confirmedCases,
        deathsCumulative: x.figures.deaths,
      });
    }
  }

  it('every figure of the activity equals the oracle (property)', async () => {
    const { place } = api.fx;
    const detailPath = (numDays: number) =>
      `/api/diseaseactivities/${activityId}/countries/${place.canada}/numDays/${numDays}`;
    await fc.assert(
      fc.asyncProperty(arbitrary, async (totals) => {
        await write(totals);
        const own = totals.filter((x) => x.kind === 'own');
        const latestDay = own.length === 0 ? null : Math.min(...own.map((x) => x.day));
        const now = (where: string) =>
          latestDay === null ? null : oracle(totals, where, latestDay);
        const country = now('canada');

        // The index (server: activity summaries by the rule).
        const list = await api.amara('GET', '/api/diseaseactivities');
        const item = (list.body as DiseaseActivityListItem[]).find(
          (a) => a.diseaseActivityId === activityId,
        );
        expect(item?.totalReportedCases).toBe(country?.reportedCases ?? null);
        expect(item?.totalNumberOfDeaths).toBe(country?.deaths ?? null);

        // The country row and the locator (the detail the screen opens with, 5 days).
        const detail = Schema.decodeUnknownSync(ActivityDetailJson)(
          (await api.amara('GET', detailPath(5))).body,
        );
        const latest = detailCumulatives(detail);
        expect(latest?.tree.cumulativeOf(place.canada) ?? null).toEqual(country);
        for (const figure of ['reportedCases', 'deaths'] as const) {
          const shown = placeFigures(latest, Object.values(ids), figure);
          // The locator draws the activity's own places.
          for (const name of places.filter((n) => detail.locations.some((l) => l.id === ids[n]))) {
            const expected = now(name)?.[figure] ?? null;
            expect(shown.get(ids[name] ?? 0) ?? null, `${name} ${figure}`).toBe(expected);
          }
        }

        // The epidemic curve (the worker reads every day) on each day it draws.
        const all = Schema.decodeUnknownSync(ActivityDetailJson)(
          (await api.amara('GET', detailPath(36_500))).body,
        );
        const data = activityCurveDataOf(all);
        const curve = curveSeries(place.canada, data.places, data.totals, data.periods);
        const ownDays = [...new Set(own.map((x) => daysAgo(x.day)))].sort();
        expect(curve.days).toEqual(ownDays);
        const agoOf = new Map(own.map((x) => [daysAgo(x.day), x.day]));
        curve.days.forEach((day, i) => {
          const expected = oracle(totals, 'canada', agoOf.get(day) ?? -1);
          for (const f of figureNames)
            expect(curve.cumulative[f][i], `${day} ${f}`).toBe(expected[f]);
        });

        // The sparkline's and the map's new cases: the reported cumulative's daily change.
        const answer = (
          await api.amara('GET', `/api/diseaseactivities/newCases?days=${window}&ids=${activityId}`)
        ).body as { series: { newCases: number[] }[] };
        const expectedNew = Array.from({ length: window }, (_, i) => {
          const ago = window - 1 - i;
          return (
            (oracle(totals, 'canada', ago).reportedCases ?? 0) -
            (oracle(totals, 'canada', ago + 1).reportedCases ?? 0)
          );
        });
        expect(answer.series[0]?.newCases).toEqual(expectedNew);
        const map = aggregateByCountry(
          [{ ...(item as DiseaseActivityListItem), activityStatus: 0 }],
          () => (answer.series[0]?.newCases ?? []).reduce((a, b) => a + b, 0),
          'newCases',
        );
        expect(map[0]?.newCases).toBe(expectedNew.reduce((a, b) => a + b, 0));
        expect(map[0]?.activities[0]?.totalReportedCases).toBe(country?.reportedCases ?? null);

        // The nesting call on the latest day: every place of its tree.
        if (latestDay !== null) {
          const nesting = Schema.decodeUnknownSync(NestingAnswerJson)(
            (
              await api.amara(
                'GET',
                `/api/diseaseactivities/${activityId}/country/${place.canada}/location/${place.canada}/nesting/reportedOn/${daysAgo(latestDay)}`,
              )
            ).body,
          ).nesting;
          expect(nesting.cumulativeCases).toEqual(country);
          const quebec = nesting.subNestingDetail.find((s) => s.locationId === extra.quebec);
          // A province nobody entered anything under is not in the tree.
          const none = {
            reportedCases: null,
            suspectedCases: null,
            confirmedCases: null,
            deaths: null,
          };
          expect(quebec?.cumulativeCases ?? none).toEqual(now('quebec'));
        }
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
