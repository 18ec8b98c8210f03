import { describe, expect, it } from 'vitest';
import { addMonths, dayAllowed, monthWeeks, movedDay, weekdayOf } from './calendar-grid';

describe('calendar grid', () => {
  it('knows the weekday of days a printed calendar gives', () => {
    // 2024-01-01 was a Monday, 2026-11-28 a Saturday, 2000-02-29 a Tuesday.
    expect(weekdayOf('2024-01-01')).toBe(0);
    expect(weekdayOf('2026-11-28')).toBe(5);
    expect(weekdayOf('2000-02-29')).toBe(1);
  });

  it('lays a month out in Monday-first weeks, filled from the months around it', () => {
    // February 2021 starts on a Monday and has exactly four weeks.
    const feb = monthWeeks('2021-02-17');
    expect(feb).toHaveLength(4);
    expect(feb[0]?.[0]).toBe('2021-02-01');
    expect(feb[3]?.[6]).toBe('2021-02-28');
    // November 2026: Sunday the 1st, so the first row starts on Monday 26 October; six rows.
    const nov = monthWeeks('2026-11-01');
    expect(nov[0]?.[0]).toBe('2026-10-26');
    expect(nov[0]?.[6]).toBe('2026-11-01');
    expect(nov).toHaveLength(6);
    expect(nov.at(-1)?.at(-1)).toBe('2026-12-06');
    for (const week of nov) expect(week).toHaveLength(7);
  });

  it('moves a month at a time within the month (31 January → 29 February in a leap year)', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-03-15', -3)).toBe('2023-12-15');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
  });

  it('moves by the keys of a date-picker grid; other keys do not move', () => {
    expect(movedDay('2026-11-28', 'ArrowLeft', false)).toBe('2026-11-27');
    expect(movedDay('2026-12-31', 'ArrowRight', false)).toBe('2027-01-01');
    expect(movedDay('2026-11-28', 'ArrowUp', false)).toBe('2026-11-21');
    expect(movedDay('2026-11-28', 'ArrowDown', false)).toBe('2026-12-05');
    expect(movedDay('2026-11-28', 'Home', false)).toBe('2026-11-23');
    expect(movedDay('2026-11-28', 'End', false)).toBe('2026-11-29');
    expect(movedDay('2026-11-28', 'PageDown', true)).toBe('2027-11-28');
    expect(movedDay('2026-11-28', 'PageUp', false)).toBe('2026-10-28');
    expect(movedDay('2026-11-28', 'x', false)).toBeNull();
    expect(movedDay('2026-11-28', 'Enter', false)).toBeNull();
  });

  it('allows only real days within the bounds', () => {
    expect(dayAllowed('2026-11-28', '2026-11-01', '2026-11-28')).toBe(true);
    expect(dayAllowed('2026-11-29', null, '2026-11-28')).toBe(false);
    expect(dayAllowed('2026-10-31', '2026-11-01', null)).toBe(false);
    expect(dayAllowed('2026-02-30', null, null)).toBe(false);
  });
});
