/**
 * The time axis of an epidemic curve (issue 31: a one-day curve ran to July 2029, its bar
 * squeezed at the left). The axis spans the data's days and no more: a day either side, so the
 * first and last bars (centred on their day) are whole, and for long spans 2 % of the span
 * beyond, so the first and last points stay clear of the frame. Day numbers are days since
 * 1970-01-01 (src/domain/calendar-day.ts `dayNumber`). Null when there are no days.
 */
export function curveDayRange(days: readonly number[]): readonly [number, number] | null {
  if (days.length === 0) return null;
  let first = Infinity;
  let last = -Infinity;
  for (const d of days) {
    if (d < first) first = d;
    if (d > last) last = d;
  }
  const pad = Math.max(1, Math.ceil((last - first) * 0.02));
  return [first - pad, last + pad];
}

const day = 86_400;
/**
 * Tick steps of the time axis in seconds, whole days and up (uPlot's own list starts at a
 * millisecond, so a two-day axis was ticked in hours); uPlot reads 30 and 365 days as a month
 * and a year and ticks on their first days.
 */
export const curveTickSteps: readonly number[] = [
  1, 2, 7, 14, 30, 60, 91, 182, 365, 730, 1825, 3650, 7300,
].map((n) => n * day);
