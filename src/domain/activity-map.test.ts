import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregateByCountry, shadeClass } from './activity-map';
import { UpdateStatus } from './enums';

const row = (
  id: number,
  countryId: number,
  country: string,
  disease: string,
  status: UpdateStatus,
  totalReportedCases: number | null = null,
) => ({
  diseaseActivityId: id,
  locationId: countryId,
  locationName: country,
  diseaseName: disease,
  speciesName: 'Humans',
  activityStatus: status,
  totalReportedCases,
  totalNumberOfDeaths: null,
});

const { Active, NeedsUpdate, Inactive } = UpdateStatus;

describe('per-country aggregation of the map (issue 19)', () => {
  const rows = [
    row(1, 10, 'Kenya', 'Cholera', Active, 120),
    row(2, 10, 'Kenya', 'Anthrax', Inactive, 4),
    row(3, 20, 'Brazil', 'Dengue', NeedsUpdate, 5000),
    row(4, 20, 'Brazil', 'Zika', Active),
    row(5, 30, 'Angola', 'Measles', Inactive),
  ];
  const newCases = new Map([
    [1, 30],
    [2, 2],
    [3, 7],
  ]);
  const of = (id: number) => newCases.get(id) ?? 0;

  it('counts active activities (an open period: Active or Update needed) and ranks by them', () => {
    const countries = aggregateByCountry(rows, of, 'activeActivities');
    expect(countries.map((c) => [c.countryName, c.value, c.activeActivities, c.newCases])).toEqual([
      ['Brazil', 2, 2, 7],
      ['Kenya', 1, 1, 32],
      ['Angola', 0, 0, 0],
    ]);
    // Active first, then by disease name.
    expect(countries[1]?.activities.map((a) => a.diseaseName)).toEqual(['Cholera', 'Anthrax']);
    expect(countries[1]?.activities[0]).toMatchObject({ totalReportedCases: 120, newCases: 30 });
  });

  it('ranks by new cases in the window when that is the measure', () => {
    const countries = aggregateByCountry(rows, of, 'newCases');
    expect(countries.map((c) => [c.countryName, c.value])).toEqual([
      ['Kenya', 32],
      ['Brazil', 7],
      ['Angola', 0],
    ]);
    expect(countries[1]?.activities.map((a) => a.diseaseName)).toEqual(['Dengue', 'Zika']);
  });

  it('carries at most `limit` activities per country, the largest first, and counts them all', () => {
    const [kenya] = aggregateByCountry(rows, of, 'newCases', 1);
    expect(kenya?.countryName).toBe('Kenya');
    expect(kenya?.activityCount).toBe(2);
    expect(kenya?.activities.map((a) => a.diseaseName)).toEqual(['Cholera']);
    expect(kenya?.newCases).toBe(32);
  });

  it('agrees with a plain count per country on any rows', () => {
    const arbRow = fc.record({
      id: fc.integer({ min: 1, max: 10_000 }),
      country: fc.integer({ min: 1, max: 6 }),
      status: fc.constantFrom(Active, NeedsUpdate, Inactive),
      cases: fc.integer({ min: 0, max: 1000 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(arbRow, { selector: (r) => r.id, maxLength: 60 }),
        fc.constantFrom('activeActivities' as const, 'newCases' as const),
        (drawn, measure) => {
          const input = drawn.map((r) =>
            row(r.id, r.country, `C${r.country}`, `D${r.id}`, r.status),
          );
          const cases = new Map(drawn.map((r) => [r.id, r.cases]));
          const result = aggregateByCountry(input, (id) => cases.get(id) ?? 0, measure);
          // Oracle: one pass per country over the drawn rows.
          const ids = [...new Set(drawn.map((r) => r.country))];
          expect(result.map((c) => c.countryId).sort()).toEqual(ids.sort());
          for (const c of result) {
            const mine = drawn.filter((r) => r.country === c.countryId);
            const active = mine.filter((r) => r.status !== Inactive).length;
            const sum = mine.reduce((s, r) => s + r.cases, 0);
            expect(c.activeActivities).toBe(active);
            expect(c.newCases).toBe(sum);
            expect(c.value).toBe(measure === 'newCases' ? sum : active);
            expect(c.activities).toHaveLength(mine.length);
            expect(c.activityCount).toBe(mine.length);
          }
          const values = result.map((c) => c.value);
          expect(values).toEqual(values.slice().sort((a, b) => b - a));
        },
      ),
    );
  });

  it('shade classes: 0 is none; the largest figure the darkest; square-root steps', () => {
    expect(shadeClass(0, 100, 5)).toBe(0);
    expect(shadeClass(100, 100, 5)).toBe(5);
    expect(shadeClass(1, 100, 5)).toBe(1); // sqrt 0.1 of the way: first class
    expect(shadeClass(25, 100, 5)).toBe(3); // sqrt(25)/sqrt(100) = 0.5 → ceil(2.5)
    expect(shadeClass(5, 0, 5)).toBe(0);
  });
});
