import { addDays, isCalendarDay, laterDay } from '../calendar-day';

/**
 * Reported-on date bounds of spec 001 §5. Days are 'YYYY-MM-DD'; null means unbounded.
 */

export interface DayBounds {
  readonly earliest: string | null;
  readonly latest: string | null;
}

export interface CaseDataBoundsInput {
  /** The day of the committed entry this one follows at its location, if any. */
  readonly previousCommittedOn: string | null;
  /** The days of the location's other uncommitted case entries (undated ones are ignored). */
  readonly otherUncommittedOn: readonly (string | null)[];
  readonly today: string;
}

/**
 * A case-data entry: no earlier than the committed entry it follows; no later than today for
 * the first uncommitted entry, otherwise no later than the latest of the other uncommitted
 * entries (never beyond today).
 */
export function caseDataReportedOnBounds(input: CaseDataBoundsInput): DayBounds {
  const others = input.otherUncommittedOn.filter(isCalendarDay);
  const latestOther = others.reduce<string | null>((a, b) => laterDay(a, b), null);
  const latest = latestOther === null || latestOther > input.today ? input.today : latestOther;
  return { earliest: input.previousCommittedOn, latest };
}

export interface PeriodBoundsInput {
  /** The activity's latest reporting period, if any. */
  readonly latestPeriod: { readonly startDate: string; readonly endDate: string | null } | null;
  /** The activity's last entry date (lastEntryDate of the detail), if any. */
  readonly lastEntryDate: string | null;
}

/**
 * A new- or end-period entry cannot be dated before the activity's maximum date: the day after
 * the later of the latest period's end or start. With no period, the day after the last entry.
 * Never before the last entry date either, so no committed entry falls outside its period.
 */
export function periodEntryEarliest(input: PeriodBoundsInput): string | null {
  const period = input.latestPeriod;
  const boundary =
    period === null ? input.lastEntryDate : laterDay(period.endDate, period.startDate);
  if (boundary === null) return null;
  return laterDay(addDays(boundary, 1), input.lastEntryDate);
}
