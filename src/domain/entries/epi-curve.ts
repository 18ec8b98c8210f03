import { addDays } from '../calendar-day';
import { caseFigures, type CaseFigure } from './case-figures';
import { CumulativeTree } from './cumulative-rule';
import type { FigureTotals, NestingPlace, OwnTotal, PeriodSpan } from './nesting';

/** A location's cumulative figures on a day: a committed Daily Total or an entry being typed. */
export interface CurveTotal extends OwnTotal {
  /** Not committed yet (typed or saved): drawn, and counted in `pendingDays`. */
  readonly pending: boolean;
}

/** The epidemic curve of one place: a point per day on which any figure under it changed. */
export interface CurveSeries {
  /** Days written YYYY-MM-DD, ascending. */
  readonly days: readonly string[];
  /** Per figure, the place's cumulative on each day (null: nothing reported yet). */
  readonly cumulative: Readonly<Record<CaseFigure, readonly (number | null)[]>>;
  /** Per figure, the change since the previous point (a reset starts again from 0). */
  readonly newCases: Readonly<Record<CaseFigure, readonly (number | null)[]>>;
  /** Days whose point includes an entry not committed yet. */
  readonly pendingDays: ReadonlySet<string>;
}

/** A value per case figure. */
export const figureValues = <T>(of: (f: CaseFigure) => T): Record<CaseFigure, T> => ({
  reportedCases: of('reportedCases'),
  suspectedCases: of('suspectedCases'),
  confirmedCases: of('confirmedCases'),
  deaths: of('deaths'),
});

/**
 * The curve of `rootId` (the activity's country, or one location) over time: on every day, the
 * root's cumulative by the one rule (src/domain/entries/cumulative-rule.ts) over each place's
 * latest total so far. Cumulatives restart at a reporting period's start and the day after its
 * end (`cumulativeStartOn`). New cases are the change since the previous point (from 0 after a
 * reset).
 *
 * Incremental (one walk of the days, each total touching its ancestors only), so a keystroke in
 * a case cell redraws a year of 1,000 locations without rebuilding the tree per day.
 */
export function curveSeries(
  rootId: number,
  places: readonly NestingPlace[],
  totals: readonly CurveTotal[],
  periods: readonly PeriodSpan[],
): CurveSeries {
  const tree = new CumulativeTree(rootId, places);
  // Of two totals of a place on one day, the later given counts, and a pending one replaces
  // the committed one.
  const byKey = new Map<string, CurveTotal>();
  for (const t of totals) {
    if (!tree.has(t.locationId)) continue;
    const key = `${t.locationId}|${t.reportedOn}`;
    const before = byKey.get(key);
    if (before === undefined || t.pending || !before.pending) byKey.set(key, t);
  }
  const ordered = [...byKey.values()].sort((a, b) =>
    a.reportedOn < b.reportedOn ? -1 : a.reportedOn > b.reportedOn ? 1 : 0,
  );
  const resets = new Set<string>();
  for (const p of periods) {
    resets.add(p.startDate);
    if (p.endDate !== null) resets.add(addDays(p.endDate, 1));
  }

  const days: string[] = [];
  const cumulative = figureValues((): (number | null)[] => []);
  const newCases = figureValues((): (number | null)[] => []);
  const pendingDays = new Set<string>();
  let previous: FigureTotals = tree.cumulativeOf(rootId);
  const resetDays = [...resets].sort();
  let nextReset = 0;

  let i = 0;
  while (i < ordered.length) {
    const day = ordered[i]?.reportedOn ?? '';
    // Reporting-period resets on or before this day start cumulatives afresh.
    let reset = false;
    while (nextReset < resetDays.length && (resetDays[nextReset] ?? '') <= day) {
      nextReset++;
      reset = true;
    }
    if (reset) {
      tree.clear();
      previous = tree.cumulativeOf(rootId);
    }
    for (; i < ordered.length && ordered[i]?.reportedOn === day; i++) {
      const t = ordered[i];
      if (t === undefined) continue;
      tree.set(t.locationId, t.cumulative);
      if (t.pending) pendingDays.add(day);
    }
    days.push(day);
    const now = tree.cumulativeOf(rootId);
    for (const f of caseFigures) {
      cumulative[f].push(now[f]);
      newCases[f].push(now[f] === null ? null : now[f] - (previous[f] ?? 0));
    }
    previous = now;
  }
  return { days, cumulative, newCases, pendingDays };
}
