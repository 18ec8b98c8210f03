import { describe, expect, it } from 'vitest';
import { latestCumulatives } from '../entries/cumulative-rule';
import { bubbleRadius, placeFigures } from './locator';

const figures = (reportedCases: number | null, deaths: number | null) => ({
  reportedCases,
  suspectedCases: null,
  confirmedCases: null,
  deaths,
});

describe('the locator map figures (issue 19, issue 31)', () => {
  // Country 1, province 2 with city 3, province 4 (no figures).
  const places = [
    { id: 1, name: 'Country', locationType: 6, parentId: null },
    { id: 2, name: 'Province', locationType: 4, parentId: 1 },
    { id: 3, name: 'City', locationType: 2, parentId: 2 },
    { id: 4, name: 'Other', locationType: 4, parentId: 1 },
  ];
  const latest = latestCumulatives(
    1,
    places,
    [
      { locationId: 2, reportedOn: '2026-01-01', cumulative: figures(5, 1) },
      { locationId: 3, reportedOn: '2026-01-02', cumulative: figures(9, null) },
    ],
    [],
  );

  it("shows each place's cumulative by the rule: the city's 9 reach its province and country", () => {
    expect(placeFigures(latest, [1, 2, 3, 4], 'reportedCases')).toEqual(
      new Map([
        [1, 9],
        [2, 9],
        [3, 9],
      ]),
    );
  });

  it('a place with nothing for the figure has none', () => {
    expect(placeFigures(latest, [1, 2, 3, 4], 'deaths')).toEqual(
      new Map([
        [1, 1],
        [2, 1],
      ]),
    );
    expect(placeFigures(null, [1], 'deaths')).toEqual(new Map());
  });

  it('bubble areas grow with the figure: a quarter of the largest is half its radius', () => {
    expect(bubbleRadius(100, 100)).toBe(14);
    expect(bubbleRadius(25, 100)).toBe(7);
    expect(bubbleRadius(0, 100)).toBe(2.5);
    expect(bubbleRadius(1, 10_000)).toBe(2.5);
  });
});
