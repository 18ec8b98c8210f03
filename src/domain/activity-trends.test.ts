import { describe, expect, it } from 'vitest';
import {
  compareGrowth,
  growthOf,
  lastDaysSum,
  sparklineLabel,
  windowStart,
  type Growth,
} from './activity-trends';

/** 30 days, the last value today; `last7` and `prev7` fill the two weeks the sort compares. */
const series = (prev7: readonly number[], last7: readonly number[], older = 0): number[] => [
  ...new Array<number>(16).fill(older),
  ...prev7,
  ...last7,
];

describe('growth of new cases (issue 19: last 7 days against the 7 before)', () => {
  it('sums the two weeks and divides the change by the earlier week', () => {
    // 2+2+2+2+2+2+2 = 14 before, 3*7 = 21 last: +50 %.
    const g = growthOf(series([2, 2, 2, 2, 2, 2, 2], [3, 3, 3, 3, 3, 3, 3], 100));
    expect(g).toEqual({ last: 21, previous: 14, ratio: 0.5 });
  });

  it('cases from none are the fastest growth; none in both weeks is no trend', () => {
    expect(growthOf(series([0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1])).ratio).toBe(Infinity);
    expect(growthOf(series([0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], 9)).ratio).toBeNull();
    expect(growthOf(series([7, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0])).ratio).toBe(-1);
  });

  it('reads a short series as zeros before its start', () => {
    expect(growthOf([4, 4])).toEqual({ last: 8, previous: 0, ratio: Infinity });
  });

  it('sorts fastest growing first, then the larger rise, then by id; no trend last', () => {
    const rows: (Growth & { id: number })[] = [
      { id: 1, last: 10, previous: 10, ratio: 0 },
      { id: 2, last: 0, previous: 0, ratio: null },
      { id: 3, last: 20, previous: 10, ratio: 1 },
      { id: 4, last: 2, previous: 1, ratio: 1 },
      { id: 5, last: 5, previous: 0, ratio: Infinity },
      { id: 6, last: 1, previous: 4, ratio: -0.75 },
      { id: 7, last: 0, previous: 0, ratio: null },
    ];
    expect(
      rows
        .slice()
        .sort(compareGrowth)
        .map((r) => r.id),
    ).toEqual([5, 3, 4, 1, 6, 2, 7]);
  });

  it('sums the last days of a series', () => {
    expect(lastDaysSum([1, 2, 3, 4], 2)).toBe(7);
    expect(lastDaysSum([1, 2], 5)).toBe(3);
  });

  it('a 30-day window ending 2026-03-01 starts on 2026-01-31', () => {
    expect(windowStart('2026-03-01', 30)).toBe('2026-01-31');
    expect(windowStart('2026-03-01', 1)).toBe('2026-03-01');
  });

  it("names a sparkline's figures: total, both weeks and the peak day", () => {
    const s = new Array<number>(30).fill(0);
    s[0] = 1;
    s[25] = 9;
    s[29] = 2;
    expect(sparklineLabel(s, '2026-01-01', '2026-01-30')).toBe(
      '12 new cases from 2026-01-01 to 2026-01-30: 11 in the last 7 days, 0 in the 7 before; most 9 on 2026-01-26',
    );
    expect(sparklineLabel(new Array<number>(30).fill(0), '2026-01-01', '2026-01-30')).toBe(
      'No new cases from 2026-01-01 to 2026-01-30',
    );
  });
});
