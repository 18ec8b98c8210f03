import { addDays, dayNumber, isCalendarDay } from '@/domain/calendar-day';

/** The first day ('YYYY-MM-01') of the month a day is in. */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;

/** The same day of the month `months` away, kept within that month (Jan 31 + 1 → Feb 28/29). */
export function addMonths(day: string, months: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  const date = Math.min(d, lastDay.getUTCDate());
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), date))
    .toISOString()
    .slice(0, 10);
}

/** 0 for Monday … 6 for Sunday (weeks start on Monday, ISO 8601). */
export const weekdayOf = (day: string): number => (dayNumber(day) + 3) % 7;

/**
 * The weeks shown for a month: Monday-first rows of seven days, the days of the months around
 * it filling the first and last rows (each day YYYY-MM-DD).
 */
export function monthWeeks(anyDayOfMonth: string): string[][] {
  const first = monthOf(anyDayOfMonth);
  const start = addDays(first, -weekdayOf(first));
  const next = addMonths(first, 1);
  const weeks: string[][] = [];
  for (let day = start; day < next; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)));
  }
  return weeks;
}

/** Whether a day may be chosen within the bounds (null: unbounded on that side). */
export const dayAllowed = (day: string, earliest: string | null, latest: string | null): boolean =>
  isCalendarDay(day) &&
  (earliest === null || day >= earliest) &&
  (latest === null || day <= latest);

/**
 * Where a key moves the calendar's focused day (the WAI-ARIA date picker grid): arrows a day or
 * a week, Home/End the week's ends, PageUp/PageDown a month (with Shift a year). Null for any
 * other key.
 */
export function movedDay(day: string, key: string, shift: boolean): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekdayOf(day));
    case 'End':
      return addDays(day, 6 - weekdayOf(day));
    case 'PageUp':
      return addMonths(day, shift ? -12 : -1);
    case 'PageDown':
      return addMonths(day, shift ? 12 : 1);
    default:
      return null;
  }
}
