import { addDays } from '../calendar-day';
import { caseFigures, type CaseFigure } from './case-figures';
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

const hasAny = (t: FigureTotals) => caseFigures.some((f) => t[f] !== null);

/**
 * The curve of `rootId` (the activity's country, or one location) over time, by the nesting
 * rule of src/domain/entries/nesting.ts applied on every day: a place counts its own latest
 * total unless a place below it has figures, in which case those count instead. So a place
 * counts exactly when it has figures and nothing below it does. Cumulatives restart at a
 * reporting period's start and the day after its end (`cumulativeStartOn`).
 *
 * Incremental (one walk of the days, each total touching its ancestors only), so a keystroke in
 * a case cell redraws a year of 1,000 locations without rebuilding the tree per day. A place
 * whose parent is not among `places` hangs under the root (the detail lists only the activity's
 * own locations, not the gazetteer places between them).
 */
export function curveSeries(
  rootId: number,
  places: readonly NestingPlace[],
  totals: readonly CurveTotal[],
  periods: readonly PeriodSpan[],
): CurveSeries {
  const parentOf = new Map<number, number | null>();
  const known = new Set(places.map((p) => p.id));
  for (const p of places) {
    if (p.id === rootId) parentOf.set(p.id, null);
    else parentOf.set(p.id, p.parentId !== null && known.has(p.parentId) ? p.parentId : rootId);
  }
  parentOf.set(rootId, null);
  const isUnderRoot = (id: number): boolean => {
    const seen = new Set<number>();
    for (let at: number | null | undefined = id; at != null; at = parentOf.get(at)) {
      if (at === rootId) return true;
      if (seen.has(at)) return false; // a cycle in bad data: leave it out
      seen.add(at);
    }
    return false;
  };
  const ancestors = (id: number): number[] => {
    const out: number[] = [];
    const seen = new Set<number>([id]);
    for (let at = parentOf.get(id); at != null && !seen.has(at); at = parentOf.get(at)) {
      out.push(at);
      seen.add(at);
    }
    return out;
  };

  // A pending total replaces the committed one of the same place and day.
  const byKey = new Map<string, CurveTotal>();
  for (const t of totals) {
    if (!parentOf.has(t.locationId) || !isUnderRoot(t.locationId)) continue;
    const key = `${t.locationId}|${t.reportedOn}`;
    const before = byKey.get(key);
    if (before === undefined || (t.pending && !before.pending)) byKey.set(key, t);
  }
  const ordered = [...byKey.values()].sort((a, b) =>
    a.reportedOn < b.reportedOn ? -1 : a.reportedOn > b.reportedOn ? 1 : 0,
  );
  const resets = new Set<string>();
  for (const p of periods) {
    resets.add(p.startDate);
    if (p.endDate !== null) resets.add(addDays(p.endDate, 1));
  }

  // State of the walk: each place's latest total, how many places below it have figures, and
  // the root's sum over the places that count.
  let latest = new Map<number, FigureTotals>();
  let below = new Map<number, number>();
  // Per figure: the sum and how many counted places give it (none: null, empty is not zero).
  const zero = (): Record<CaseFigure, number> => ({
    reportedCases: 0,
    suspectedCases: 0,
    confirmedCases: 0,
    deaths: 0,
  });
  let sum = zero();
  let givers = zero();
  const counts = (id: number) => {
    const mine = latest.get(id);
    return mine !== undefined && hasAny(mine) && (below.get(id) ?? 0) === 0;
  };
  const add = (t: FigureTotals, sign: 1 | -1) => {
    for (const f of caseFigures) {
      const v = t[f];
      if (v === null) continue;
      sum[f] += sign * v;
      givers[f] += sign;
    }
  };
  const setTotal = (id: number, next: FigureTotals) => {
    const countedBefore = counts(id);
    const had = latest.get(id);
    const hadFigures = had !== undefined && hasAny(had);
    if (countedBefore && had) add(had, -1);
    latest.set(id, next);
    if (counts(id)) add(next, 1);
    if (hadFigures === hasAny(next)) return;
    // Gaining (or losing) figures changes whether the places above count.
    for (const a of ancestors(id)) {
      const wasCounted = counts(a);
      below.set(a, (below.get(a) ?? 0) + (hasAny(next) ? 1 : -1));
      const isCounted = counts(a);
      const total = latest.get(a);
      if (total && wasCounted !== isCounted) add(total, isCounted ? 1 : -1);
    }
  };

  const days: string[] = [];
  const cumulative = figureValues((): (number | null)[] => []);
  const newCases = figureValues((): (number | null)[] => []);
  const pendingDays = new Set<string>();
  const current = (f: CaseFigure) => (givers[f] === 0 ? null : sum[f]);
  let previous: Record<CaseFigure, number | null> = figureValues(current);
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
      latest = new Map();
      below = new Map();
      sum = zero();
      givers = zero();
      previous = figureValues(current);
    }
    for (; i < ordered.length && ordered[i]?.reportedOn === day; i++) {
      const t = ordered[i];
      if (t === undefined) continue;
      setTotal(t.locationId, t.cumulative);
      if (t.pending) pendingDays.add(day);
    }
    days.push(day);
    for (const f of caseFigures) {
      const now = current(f);
      cumulative[f].push(now);
      newCases[f].push(now === null ? null : now - (previous[f] ?? 0));
    }
    previous = figureValues(current);
  }
  return { days, cumulative, newCases, pendingDays };
}
