/**
 * Calendar days as the API writes them ('YYYY-MM-DD'), compared and shifted in UTC so that a
 * day never moves with the time zone of the browser or the server.
 */

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True when `value` is a real calendar day written YYYY-MM-DD (2024-02-30 is not). */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = dayPattern.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.toISOString().slice(0, 10) === value;
}

/** Days since 1970-01-01 of a YYYY-MM-DD day. */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** The YYYY-MM-DD of a day number. */
export function dayOf(dayNum: number): string {
  return new Date(dayNum * DAY_MS).toISOString().slice(0, 10);
}

/** `day` shifted by `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  return dayOf(dayNumber(day) + days);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The later of two days, ignoring nulls; null when both are. */
export function laterDay(
  a: string | null | undefined,
  b: string | null | undefined,
): string | null {
  if (a === null || a === undefined) return b ?? null;
  if (b === null || b === undefined) return a;
  return a >= b ? a : b;
}

/** The day as the UI shows it (spec 001 §9: YYYY/MM/DD). */
export function displayDay(day: string): string {
  return day.replaceAll('-', '/');
}

/** Today's YYYY-MM-DD in UTC for a clock reading (ms since the epoch). */
export function todayOf(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}
