import { describe, expect, it } from 'vitest';
import type { FigureTotals, NestingPlace } from './nesting';
import { cumulativeStartOn, nestingDetail, noTotals } from './nesting';

const figures = (reported: number | null, deaths: number | null = null): FigureTotals => ({
  ...noTotals,
  reportedCases: reported,
  deaths,
});

const places: NestingPlace[] = [
  { id: 1, name: 'Canada', locationType: 6, parentId: null },
  { id: 2, name: 'Ontario', locationType: 4, parentId: 1 },
  { id: 3, name: 'Toronto', locationType: 2, parentId: 2 },
  { id: 4, name: 'Ottawa', locationType: 2, parentId: 2 },
  { id: 5, name: 'Quebec', locationType: 4, parentId: 1 },
  { id: 8, name: 'France', locationType: 6, parentId: null },
  { id: 9, name: 'Paris', locationType: 2, parentId: 8 },
];

describe('cumulativeStartOn', () => {
  const periods = [
    { startDate: '2024-01-01', endDate: '2024-02-01' },
    { startDate: '2024-03-01', endDate: null },
  ];
  it('counts from the start of the period holding the day', () => {
    expect(cumulativeStartOn(periods, '2024-01-15')).toBe('2024-01-01');
    expect(cumulativeStartOn(periods, '2024-01-01')).toBe('2024-01-01');
    expect(cumulativeStartOn(periods, '2024-02-01')).toBe('2024-01-01');
    expect(cumulativeStartOn(periods, '2024-05-01')).toBe('2024-03-01');
  });
  it('restarts the day after a period ended', () => {
    expect(cumulativeStartOn(periods, '2024-02-02')).toBe('2024-02-02');
    expect(cumulativeStartOn(periods, '2024-02-20')).toBe('2024-02-02');
  });
  it('is null before any period', () => {
    expect(cumulativeStartOn(periods, '2023-12-31')).toBeNull();
    expect(cumulativeStartOn([], '2024-01-01')).toBeNull();
  });
});

describe('nestingDetail', () => {
  it("per figure, each place counts the larger of its own and its sub-locations' sum", () => {
    const tree = nestingDetail(1, places, [
      { locationId: 3, reportedOn: '2024-01-10', cumulative: figures(20, 1) },
      { locationId: 4, reportedOn: '2024-01-08', cumulative: figures(5, null) },
      { locationId: 1, reportedOn: '2024-01-09', cumulative: figures(22, 2) },
    ]);
    // Reported: the cities' 25 beat the country's own 22; deaths: the country's own 2 beat 1.
    expect(tree).toMatchObject({
      locationId: 1,
      reportedOn: '2024-01-09',
      cumulativeCases: figures(25, 2),
      userEnteredCumulativeCases: figures(22, 2),
      isNestingEntry: true,
    });
    // Sub-locations in name order; Quebec has nothing and adds nothing.
    expect(tree?.subNestingDetail.map((s) => s.locationName)).toEqual(['Ontario', 'Quebec']);
    const ontario = tree?.subNestingDetail[0];
    expect(ontario).toMatchObject({
      reportedOn: null,
      cumulativeCases: figures(25, 1),
      userEnteredCumulativeCases: noTotals,
      isNestingEntry: true,
    });
    expect(ontario?.subNestingDetail.map((s) => [s.locationName, s.isNestingEntry])).toEqual([
      ['Ottawa', false],
      ['Toronto', false],
    ]);
    expect(tree?.subNestingDetail[1]).toMatchObject({
      cumulativeCases: noTotals,
      isNestingEntry: false,
      subNestingDetail: [],
    });
  });

  it('a country whose own total is larger than its sub-locations keeps it', () => {
    const tree = nestingDetail(1, places, [
      { locationId: 1, reportedOn: '2024-01-09', cumulative: figures(80) },
      { locationId: 5, reportedOn: '2024-01-09', cumulative: figures(30) },
    ]);
    expect(tree).toMatchObject({ cumulativeCases: figures(80), isNestingEntry: false });
    expect(tree?.subNestingDetail[1]).toMatchObject({ cumulativeCases: figures(30) });
  });

  it('a place without sub-locations counts its own total', () => {
    const tree = nestingDetail(3, places, [
      { locationId: 3, reportedOn: '2024-01-10', cumulative: figures(20, 1) },
    ]);
    expect(tree).toMatchObject({
      cumulativeCases: figures(20, 1),
      userEnteredCumulativeCases: figures(20, 1),
      isNestingEntry: false,
      subNestingDetail: [],
    });
  });

  it('leaves out places elsewhere and answers null for an unknown root', () => {
    const tree = nestingDetail(1, places, []);
    const ids = JSON.stringify(tree);
    expect(ids).not.toContain('Paris');
    expect(nestingDetail(42, places, [])).toBeNull();
  });

  it('survives a loop in the gazetteer', () => {
    const looped: NestingPlace[] = [
      { id: 1, name: 'A', locationType: 6, parentId: 2 },
      { id: 2, name: 'B', locationType: 4, parentId: 1 },
    ];
    const tree = nestingDetail(1, looped, []);
    expect(tree?.subNestingDetail.map((s) => s.locationName)).toEqual(['B']);
    expect(tree?.subNestingDetail[0]?.subNestingDetail).toEqual([]);
  });
});
