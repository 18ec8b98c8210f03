import { Schema } from 'effect';

/**
 * New cases per day per disease activity (issue 19): the map's "new cases in the last N days"
 * and the index's 30-day sparklines and growth sort. A day's new cases are the reported new
 * cases of the activity's committed country-level Daily Total of that day (the same entries
 * whose cumulative the index shows as Total Reported Cases); a day without one counts 0.
 */

/** The sparkline's window (issue 19: "the last 30 days"). */
export const sparklineDays = 30;
/** The growth sort compares the last 7 days with the 7 before. */
export const growthWindowDays = 7;
/** At most this many activities per request (a page asks for its 50). */
export const maxNewCasesIds = 1000;
export const maxNewCasesDays = 365;

const Id = Schema.Int.pipe(Schema.positive());

/**
 * GET /api/diseaseactivities/newCases?days=30&ids=1,2,3: `days` 1–365 (default 30), the
 * window ending on the server's UTC today; `ids` the activities wanted (at most 1,000), or
 * every activity with new cases in the window when absent.
 */
export const NewCasesQuery = Schema.Struct({
  days: Schema.optionalWith(
    Schema.NumberFromString.pipe(
      Schema.int(),
      Schema.filter(
        (n) => (n >= 1 && n <= maxNewCasesDays) || `days must be between 1 and ${maxNewCasesDays}`,
      ),
    ),
    { default: () => sparklineDays },
  ),
  ids: Schema.optional(
    Schema.String.pipe(
      Schema.filter(
        (s) =>
          /^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/.test(s) ||
          'ids must be activity ids separated by commas',
      ),
      Schema.filter(
        (s) =>
          s.split(',').length <= maxNewCasesIds ||
          `ids may name at most ${maxNewCasesIds} activities`,
      ),
    ),
  ),
});
export type NewCasesQuery = typeof NewCasesQuery.Type;

/** Parses the validated `ids` list. */
export const newCasesIdsOf = (ids: string | undefined): number[] | null =>
  ids === undefined ? null : [...new Set(ids.split(',').map(Number))];

/** One activity's series: newCases[i] is the day `from` + i. */
export const NewCasesSeries = Schema.Struct({
  diseaseActivityId: Id,
  newCases: Schema.Array(Schema.Int),
});
export type NewCasesSeries = typeof NewCasesSeries.Type;

/**
 * The answer: the window (ISO dates, both included) and a series per activity asked for
 * (every id given, zeros when it had none; without ids, those with any entry in the window).
 */
export const NewCasesAnswer = Schema.Struct({
  from: Schema.String,
  to: Schema.String,
  series: Schema.Array(NewCasesSeries),
});
export type NewCasesAnswer = typeof NewCasesAnswer.Type;
export const decodeNewCasesAnswer = Schema.decodeUnknownSync(NewCasesAnswer);

const DAY = 86_400_000;

/** The first day of a window of `days` days ending on `to` (ISO dates, UTC). */
export function windowStart(to: string, days: number): string {
  return new Date(Date.parse(to) - (days - 1) * DAY).toISOString().slice(0, 10);
}

/** Day index of `day` in a window starting `from` (may be outside 0..days-1). */
export const dayIndex = (from: string, day: string) =>
  Math.round((Date.parse(day) - Date.parse(from)) / DAY);

/** The sum of the last `days` values of a series. */
export function lastDaysSum(series: readonly number[], days: number): number {
  let sum = 0;
  for (let i = Math.max(0, series.length - days); i < series.length; i += 1) sum += series[i] ?? 0;
  return sum;
}

/** Growth of new cases: the last 7 days against the 7 before. */
export interface Growth {
  readonly last: number;
  readonly previous: number;
  /**
   * (last − previous) / previous; +Infinity when cases appear from none; null when both
   * weeks have none (no trend to rank).
   */
  readonly ratio: number | null;
}

/** The growth of a daily series whose last value is today. */
export function growthOf(series: readonly number[]): Growth {
  const n = series.length;
  let last = 0;
  let previous = 0;
  for (let i = 0; i < growthWindowDays; i += 1) {
    last += series[n - 1 - i] ?? 0;
    previous += series[n - 1 - growthWindowDays - i] ?? 0;
  }
  const ratio =
    last === 0 && previous === 0
      ? null
      : previous === 0
        ? Number.POSITIVE_INFINITY
        : (last - previous) / previous;
  return { last, previous, ratio };
}

/**
 * The growth sort's order, fastest growing first: by ratio (new from none first), then by the
 * absolute rise (more new cases first among equal ratios), then by id; no trend last.
 */
export function compareGrowth(
  a: Growth & { readonly id: number },
  b: Growth & { readonly id: number },
): number {
  if (a.ratio === null || b.ratio === null) {
    if (a.ratio !== b.ratio) return a.ratio === null ? 1 : -1;
    return a.id - b.id;
  }
  if (a.ratio !== b.ratio) return b.ratio > a.ratio ? 1 : -1;
  const rise = b.last - b.previous - (a.last - a.previous);
  return rise !== 0 ? rise : a.id - b.id;
}

/** What a sparkline says to a screen reader: the window's total, the weeks and the peak. */
export function sparklineLabel(series: readonly number[], from: string, to: string): string {
  const total = series.reduce((s, v) => s + v, 0);
  if (total === 0) return `No new cases from ${from} to ${to}`;
  const g = growthOf(series);
  let peak = 0;
  let peakAt = 0;
  series.forEach((v, i) => {
    if (v > peak) {
      peak = v;
      peakAt = i;
    }
  });
  const peakDay = new Date(Date.parse(from) + peakAt * DAY).toISOString().slice(0, 10);
  return (
    `${total} new cases from ${from} to ${to}: ${g.last} in the last 7 days, ` +
    `${g.previous} in the 7 before; most ${peak} on ${peakDay}`
  );
}
