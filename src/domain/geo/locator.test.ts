import { describe, expect, it } from 'vitest';
import { EntryType, ReportStatus } from '../enums';
import { bubbleRadius, latestCumulatives } from './locator';

const total = (
  id: number,
  locationId: number,
  reportedOn: string,
  reported: number | null,
  deaths: number | null,
  status: number | null = ReportStatus.Committed,
  type: number = EntryType.PROCESSED,
) => ({
  id,
  locationId,
  type,
  reportedOn,
  reportStatus: status,
  reportedCases: { cumulative: reported },
  deaths: { cumulative: deaths },
});

describe('the locator map figures (issue 19)', () => {
  const entries = [
    total(1, 10, '2026-01-01', 5, 1),
    total(2, 10, '2026-01-03', 9, 2),
    total(3, 10, '2026-01-02', 50, 5),
    // Saved, not committed: not a figure yet.
    total(4, 10, '2026-01-04', 99, 9, ReportStatus.Saved),
    // A case entry, not a Daily Total.
    total(5, 20, '2026-01-05', 70, 7, ReportStatus.Committed, EntryType.CASE_DATA),
    total(6, 20, '2026-01-01', 3, null),
    // Two totals on one day: the later entry.
    total(7, 30, '2026-01-01', 4, 0),
    total(8, 30, '2026-01-01', 6, 0),
  ];

  it("takes each place's latest committed Daily Total's cumulative", () => {
    expect(latestCumulatives(entries, 'reportedCases')).toEqual(
      new Map([
        [10, 9],
        [20, 3],
        [30, 6],
      ]),
    );
  });

  it('a place whose latest total lacks the figure has none', () => {
    expect(latestCumulatives(entries, 'deaths')).toEqual(
      new Map([
        [10, 2],
        [30, 0],
      ]),
    );
  });

  it('bubble areas grow with the figure: a quarter of the largest is half its radius', () => {
    expect(bubbleRadius(100, 100)).toBe(14);
    expect(bubbleRadius(25, 100)).toBe(7);
    expect(bubbleRadius(0, 100)).toBe(2.5);
    expect(bubbleRadius(1, 10_000)).toBe(2.5);
  });
});
