import { addDays } from '../calendar-day';
import type { CaseFigure } from './case-figures';
import { caseFigures } from './case-figures';

/**
 * Nesting (spec 001 §3 "Nesting detail", §7 "Nested reports"): the case figures of a location
 * on a day, rolled up from its sub-locations. Pure, so the server answers it and the worker
 * can recompute it the same way.
 */

/** Cumulative value per figure; null when nothing is known for that figure. */
export type FigureTotals = Readonly<Record<CaseFigure, number | null>>;

/** A place of the activity, with its parent in the gazetteer. */
export interface NestingPlace {
  readonly id: number;
  readonly name: string;
  readonly locationType: number;
  readonly parentId: number | null;
}

/** A location's own latest Daily Total on or before the day, within the reporting period. */
export interface OwnTotal {
  readonly locationId: number;
  readonly reportedOn: string;
  readonly cumulative: FigureTotals;
}

/** One node of the answer; the root is the location asked about. */
export interface NestingDetail {
  readonly locationId: number;
  readonly locationName: string;
  readonly locationType: number;
  /** The day of the location's own latest Daily Total counted, or null when it has none. */
  readonly reportedOn: string | null;
  /** What the location counts: the sum of its sub-locations when it has any with figures. */
  readonly cumulativeCases: FigureTotals;
  /** The location's own Daily Total (what analysts entered for it), nulls when none. */
  readonly userEnteredCumulativeCases: FigureTotals;
  /** True when cumulativeCases is rolled up from sub-locations rather than its own total. */
  readonly isNestingEntry: boolean;
  readonly subNestingDetail: readonly NestingDetail[];
}

/** Every figure null. */
export const noTotals: FigureTotals = {
  reportedCases: null,
  suspectedCases: null,
  confirmedCases: null,
  deaths: null,
};

const hasAny = (t: FigureTotals) => caseFigures.some((f) => t[f] !== null);

/** Sums per figure; a figure nobody reported stays null. */
export function sumTotals(list: readonly FigureTotals[]): FigureTotals {
  const sum = (f: CaseFigure) =>
    list.reduce<number | null>((acc, t) => {
      const v = t[f];
      return v === null ? acc : (acc ?? 0) + v;
    }, null);
  return {
    reportedCases: sum('reportedCases'),
    suspectedCases: sum('suspectedCases'),
    confirmedCases: sum('confirmedCases'),
    deaths: sum('deaths'),
  };
}

/** A reporting period as the nesting reads it. */
export interface PeriodSpan {
  readonly startDate: string;
  readonly endDate: string | null;
}

/**
 * The first day whose Daily Totals count towards cumulatives on `day`: a new period starts them
 * afresh, and after a period's end they restart the next day (spec 001 §4: both reset
 * cumulative data). Null when no period began on or before `day`.
 */
export function cumulativeStartOn(periods: readonly PeriodSpan[], day: string): string | null {
  let latest: PeriodSpan | null = null;
  for (const p of periods) {
    if (p.startDate <= day && (latest === null || p.startDate > latest.startDate)) latest = p;
  }
  if (latest === null) return null;
  return latest.endDate !== null && latest.endDate < day
    ? addDays(latest.endDate, 1)
    : latest.startDate;
}

/**
 * The nesting tree under `rootId`: every place of `places` below it in the gazetteer, each with
 * its own total and the rolled-up sum of its sub-locations. `places` holds the root, the
 * activity's places and the places between them (a province with no entries of its own still
 * nests its cities); places elsewhere are left out. Sub-locations come in name order.
 */
export function nestingDetail(
  rootId: number,
  places: readonly NestingPlace[],
  totals: readonly OwnTotal[],
): NestingDetail | null {
  const byId = new Map(places.map((p) => [p.id, p]));
  const root = byId.get(rootId);
  if (root === undefined) return null;
  const children = new Map<number, NestingPlace[]>();
  for (const p of places) {
    if (p.id === rootId || p.parentId === null) continue;
    const list = children.get(p.parentId) ?? [];
    list.push(p);
    children.set(p.parentId, list);
  }
  const own = new Map(totals.map((t) => [t.locationId, t]));

  const build = (place: NestingPlace, path: ReadonlySet<number>): NestingDetail => {
    const subs = (children.get(place.id) ?? [])
      .filter((c) => !path.has(c.id))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
      .map((c) => build(c, new Set([...path, c.id])));
    const withFigures = subs.filter((s) => hasAny(s.cumulativeCases));
    const mine = own.get(place.id);
    const userEntered = mine?.cumulative ?? noTotals;
    const nested = withFigures.length > 0;
    return {
      locationId: place.id,
      locationName: place.name,
      locationType: place.locationType,
      reportedOn: mine?.reportedOn ?? null,
      cumulativeCases: nested ? sumTotals(withFigures.map((s) => s.cumulativeCases)) : userEntered,
      userEnteredCumulativeCases: userEntered,
      isNestingEntry: nested,
      subNestingDetail: subs,
    };
  };
  return build(root, new Set([root.id]));
}
