import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayNumber,
  dayOf,
  daysBetween,
  displayDay,
  isCalendarDay,
  laterDay,
} from './calendar-day';

describe('calendar days', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-02-30', false],
    ['2024-3-01', false],
    ['2024-03-01T00:00', false],
    [null, false],
  ])('isCalendarDay(%j) is %s', (value, ok) => {
    expect(isCalendarDay(value)).toBe(ok);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(365);
  });

  it('day numbers round-trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60_000 }), (n) => {
        expect(dayNumber(dayOf(n))).toBe(n);
      }),
    );
  });

  it('laterDay and displayDay', () => {
    expect(laterDay('2024-01-02', '2024-01-01')).toBe('2024-01-02');
    expect(laterDay(null, '2024-01-01')).toBe('2024-01-01');
    expect(laterDay(undefined, null)).toBeNull();
    expect(displayDay('2024-03-05')).toBe('2024/03/05');
  });
});
