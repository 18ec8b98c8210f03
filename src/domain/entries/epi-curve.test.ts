import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestingDetail, type FigureTotals, type NestingPlace } from './nesting';
import { curveSeries, type CurveTotal } from './epi-curve';

const figures = (reportedCases: number | null, deaths: number | null = null): FigureTotals => ({
  reportedCases,
  suspectedCases: null,
  confirmedCases: null,
  deaths,
});
const place = (id: number, parentId: number | null): NestingPlace => ({
  id,
  name: `P${id}`,
  locationType: parentId === null ? 6 : 7,
  parentId,
});
const total = (
  locationId: number,
  reportedOn: string,
  cumulative: FigureTotals,
  pending = false,
): CurveTotal => ({ locationId, reportedOn, cumulative, pending });

// Country 1 with province 2 (cities 3, 4) and province 5.
const places = [place(1, null), place(2, 1), place(3, 2), place(4, 2), place(5, 1)];

describe('curveSeries', () => {
  it('draws one location: cumulative as entered, new cases as the day-to-day change', () => {
    const series = curveSeries(
      5,
      places,
      [total(5, '2024-01-03', figures(12)), total(5, '2024-01-01', figures(4))],
      [],
    );
    expect(series.days).toEqual(['2024-01-01', '2024-01-03']);
    expect(series.cumulative.reportedCases).toEqual([4, 12]);
    expect(series.newCases.reportedCases).toEqual([4, 8]);
    expect(series.cumulative.deaths).toEqual([null, null]);
  });

  it('rolls the activity up by the one rule: the larger of own and sub-locations', () => {
    const series = curveSeries(
      1,
      places,
      [
        total(1, '2024-01-01', figures(6)),
        total(2, '2024-01-02', figures(7)),
        total(3, '2024-01-03', figures(3)),
        total(5, '2024-01-03', figures(2)),
        total(4, '2024-01-04', figures(5)),
      ],
      [],
    );
    // Day 1: the country's own 6. Day 2: province 2's 7 is more. Day 3: province 2 keeps its
    // own 7 (city 3 has 3) and province 5 adds 2: 9. Day 4: cities 3 + 4 = 8 beat province
    // 2's own 7, so 8 + 2.
    expect(series.cumulative.reportedCases).toEqual([6, 7, 9, 10]);
    expect(series.newCases.reportedCases).toEqual([6, 1, 2, 1]);
  });

  it('lets a typed entry replace the committed total of its day and marks the day pending', () => {
    const series = curveSeries(
      5,
      places,
      [
        total(5, '2024-01-01', figures(4)),
        total(5, '2024-01-02', figures(6)),
        total(5, '2024-01-02', figures(9), true),
      ],
      [],
    );
    expect(series.cumulative.reportedCases).toEqual([4, 9]);
    expect([...series.pendingDays]).toEqual(['2024-01-02']);
  });

  it('starts cumulatives afresh at a new reporting period and the day after an end', () => {
    const series = curveSeries(
      5,
      places,
      [
        total(5, '2024-01-01', figures(4)),
        total(5, '2024-02-01', figures(1)),
        total(5, '2024-03-02', figures(2)),
      ],
      [{ startDate: '2024-01-15', endDate: '2024-03-01' }],
    );
    expect(series.cumulative.reportedCases).toEqual([4, 1, 2]);
    expect(series.newCases.reportedCases).toEqual([4, 1, 2]);
  });

  it('hangs a location whose parent is not listed under the root', () => {
    const series = curveSeries(
      1,
      [place(1, null), place(9, 42)],
      [total(9, '2024-01-01', figures(3))],
      [],
    );
    expect(series.cumulative.reportedCases).toEqual([3]);
  });

  it('matches nestingDetail on every day drawn, for any tree and totals (property)', () => {
    const figure = fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null });
    const arbitrary = fc.integer({ min: 1, max: 25 }).chain((n) =>
      fc.tuple(
        fc.array(fc.nat(), { minLength: n, maxLength: n }),
        fc.array(
          fc.record({
            place: fc.integer({ min: 0, max: n }),
            day: fc.integer({ min: 1, max: 9 }),
            reportedCases: figure,
            deaths: figure,
          }),
          { maxLength: 40 },
        ),
      ),
    );
    fc.assert(
      fc.property(arbitrary, ([parents, entries]) => {
        // Place 0 is the root; place i's parent is one of the places before it.
        const tree = [place(0 + 100, null)].concat(
          parents.map((p, i) => place(i + 101, (p % (i + 1)) + 100)),
        );
        const totals = entries.map((e) =>
          total(e.place + 100, `2024-01-0${e.day}`, figures(e.reportedCases, e.deaths)),
        );
        const series = curveSeries(100, tree, totals, []);
        // On every day drawn: the latest total per place so far (the last given of a day wins).
        series.days.forEach((day, index) => {
          const latest = new Map<number, CurveTotal>();
          const upTo = totals.filter((t) => t.reportedOn <= day);
          for (const t of upTo.sort((a, b) => a.reportedOn.localeCompare(b.reportedOn))) {
            latest.set(t.locationId, t);
          }
          const expected = nestingDetail(100, tree, [...latest.values()]);
          expect(series.cumulative.reportedCases[index]).toBe(
            expected?.cumulativeCases.reportedCases ?? null,
          );
          expect(series.cumulative.deaths[index]).toBe(expected?.cumulativeCases.deaths ?? null);
        });
      }),
      { numRuns: 300 },
    );
  });
});
