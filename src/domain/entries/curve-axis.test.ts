import { describe, expect, it } from 'vitest';
import { dayNumber } from '../calendar-day';
import { curveDayRange, curveTickSteps } from './curve-axis';

const range = (...days: string[]) => curveDayRange(days.map(dayNumber));
const n = dayNumber;

describe('the epidemic curve time axis (issue 31)', () => {
  it('one day: the day with one day either side, not years', () => {
    expect(range('2026-11-28')).toEqual([n('2026-11-27'), n('2026-11-29')]);
  });

  it('one week: the seven days and a day either side', () => {
    expect(range('2026-11-22', '2026-11-25', '2026-11-28')).toEqual([
      n('2026-11-21'),
      n('2026-11-29'),
    ]);
  });

  it('ten years: the span and about 2 % of it either side (74 days of 3,652)', () => {
    const [from, to] = range('2016-01-01', '2026-01-01', '2020-06-01') ?? [0, 0];
    expect(from).toBe(n('2016-01-01') - 74);
    expect(to).toBe(n('2026-01-01') + 74);
  });

  it('does not care about order and answers null without days', () => {
    expect(range('2026-01-05', '2026-01-01')).toEqual([n('2025-12-31'), n('2026-01-06')]);
    expect(curveDayRange([])).toBeNull();
  });

  it('ticks in whole days at the finest', () => {
    expect(Math.min(...curveTickSteps)).toBe(86_400);
  });
});
