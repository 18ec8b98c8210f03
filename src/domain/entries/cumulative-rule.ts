import { caseFigures, type CaseFigure } from './case-figures';
import { addDays } from '../calendar-day';
import { LocationType } from '../enums';

/** A place of the activity, with its parent in the gazetteer. */
export interface NestingPlace {
  readonly id: number;
  readonly name: string;
  readonly locationType: number;
  readonly parentId: number | null;
}

/**
 * The one cumulative rule (docs/decisions/0058-one-cumulative-rule.md): every figure an activity
 * shows (index totals, country row, locator, map, sparkline, epidemic curve) comes from here.
 *
 * Per count type, a place's cumulative is the larger of
 *  - its own cumulative: the figure of its latest committed Daily Total (not a rolled-up one),
 *  - the sum of the cumulatives of the places directly below it that have one;
 * empty (null) when neither exists. The activity's figure is its country's cumulative.
 * Cases at a city are cases in its province and country, so the sum below is a floor; a
 * country's own figure may hold cases no province was given, so it is a floor too. The larger
 * loses no case entered anywhere and counts none twice.
 *
 * Incremental: setting one place's own total walks its ancestors only, so a curve of a year of
 * 1,000 places is one walk of the days.
 */
export class CumulativeTree {
  private readonly parentOf = new Map<number, number | null>();
  private readonly childrenOf = new Map<number, number[]>();
  private own = new Map<number, FigureTotals>();
  // Per place and figure: the sum of the children's cumulatives and how many children have one.
  private below = new Map<number, Record<CaseFigure, number>>();
  private givers = new Map<number, Record<CaseFigure, number>>();
  private value = new Map<number, Record<CaseFigure, number | null>>();

  /**
   * `places` holds the root and the places under it; a place's parent is its `parentId` when
   * that is among `places`. When the root is a country, a place whose parent is not listed
   * hangs under it (every place of an activity is in its country; the details screen does not
   * list the gazetteer places between them, and a place without figures of its own only adds
   * up what is below it, so skipping it changes nothing). Places elsewhere, or caught in a loop
   * of bad data, are left out.
   */
  constructor(
    readonly rootId: number,
    places: readonly NestingPlace[],
  ) {
    const byId = new Map(places.map((p) => [p.id, p]));
    const root = byId.get(rootId);
    const orphansUnderRoot = root === undefined || root.locationType === LocationType.Country;
    const direct = (p: NestingPlace): number | null =>
      p.id === rootId || p.parentId === null
        ? null
        : byId.has(p.parentId)
          ? p.parentId
          : orphansUnderRoot
            ? rootId
            : null;
    const reachesRoot = (p: NestingPlace): boolean => {
      const seen = new Set<number>();
      for (let at: number | null = p.id; at !== null;) {
        if (at === rootId) return true;
        if (seen.has(at)) return false;
        seen.add(at);
        const place = byId.get(at);
        at = place === undefined ? null : direct(place);
      }
      return false;
    };
    this.parentOf.set(rootId, null);
    for (const p of places) {
      if (p.id === rootId || !reachesRoot(p)) continue;
      const up = direct(p) ?? rootId;
      this.parentOf.set(p.id, up);
      const list = this.childrenOf.get(up) ?? [];
      list.push(p.id);
      this.childrenOf.set(up, list);
    }
  }

  /** Whether a place is counted under the root. */
  has(id: number): boolean {
    return this.parentOf.has(id);
  }

  /** The places directly below a place. */
  children(id: number): readonly number[] {
    return this.childrenOf.get(id) ?? [];
  }

  /** Forgets every total: a reporting period starts cumulatives afresh. */
  clear(): void {
    this.own = new Map();
    this.below = new Map();
    this.givers = new Map();
    this.value = new Map();
  }

  /** A place's own cumulative (its latest Daily Total); unknown places are ignored. */
  set(id: number, totals: FigureTotals): void {
    if (!this.parentOf.has(id)) return;
    this.own.set(id, totals);
    for (const f of caseFigures) this.refresh(id, f);
  }

  /** What the place entered itself; nulls when nothing. */
  ownOf(id: number): FigureTotals {
    return this.own.get(id) ?? noTotals;
  }

  /** The place's cumulative by the rule. */
  cumulativeOf(id: number): FigureTotals {
    const v = this.value.get(id);
    return v === undefined ? noTotals : { ...v };
  }

  /** True when, for some figure, the places below give more than the place's own figure. */
  isNested(id: number): boolean {
    const v = this.value.get(id);
    if (v === undefined) return false;
    const mine = this.ownOf(id);
    return caseFigures.some((f) => v[f] !== null && (mine[f] === null || v[f] > mine[f]));
  }

  private refresh(start: number, f: CaseFigure): void {
    for (let id: number | null | undefined = start; id != null;) {
      const values = this.value.get(id) ?? { ...noTotals };
      const before = values[f];
      const mine = this.own.get(id)?.[f] ?? null;
      const sum = (this.givers.get(id)?.[f] ?? 0) > 0 ? (this.below.get(id)?.[f] ?? 0) : null;
      const after = mine === null ? sum : sum === null ? mine : Math.max(mine, sum);
      values[f] = after;
      this.value.set(id, values);
      if (before === after) return;
      const parent = this.parentOf.get(id);
      if (parent == null) return;
      const below = this.below.get(parent) ?? zero();
      const givers = this.givers.get(parent) ?? zero();
      below[f] += (after ?? 0) - (before ?? 0);
      givers[f] += (after === null ? 0 : 1) - (before === null ? 0 : 1);
      this.below.set(parent, below);
      this.givers.set(parent, givers);
      id = parent;
    }
  }
}

/** Cumulative value per figure; null when nothing is known for that figure (empty is not 0). */
export type FigureTotals = Readonly<Record<CaseFigure, number | null>>;

/** Every figure null. */
export const noTotals: FigureTotals = {
  reportedCases: null,
  suspectedCases: null,
  confirmedCases: null,
  deaths: null,
};

const zero = (): Record<CaseFigure, number> => ({
  reportedCases: 0,
  suspectedCases: 0,
  confirmedCases: 0,
  deaths: 0,
});

/** A place's own latest total, as every consumer hands it to the rule. */
export interface PlaceTotal {
  readonly locationId: number;
  readonly cumulative: FigureTotals;
}

/** Every place's cumulative by the rule, from each place's own latest total. */
export function cumulativesByPlace(
  rootId: number,
  places: readonly NestingPlace[],
  totals: readonly PlaceTotal[],
): CumulativeTree {
  const tree = new CumulativeTree(rootId, places);
  for (const t of totals) tree.set(t.locationId, t.cumulative);
  return tree;
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

/** A place's own cumulative on a day (a committed Daily Total, or an entry being typed). */
export interface DatedTotal extends PlaceTotal {
  readonly reportedOn: string;
}

/**
 * The activity as it stands: every place's cumulative by the rule on the day of its latest
 * total under the root (the last point of its epidemic curve), each place counting its latest
 * total from the reporting period's count start (`cumulativeStartOn`) to that day. Null when no
 * place under the root has a total. The index, the country row and the locator read this.
 */
export function latestCumulatives(
  rootId: number,
  places: readonly NestingPlace[],
  totals: readonly DatedTotal[],
  periods: readonly PeriodSpan[],
): { readonly day: string; readonly tree: CumulativeTree } | null {
  const tree = new CumulativeTree(rootId, places);
  let day: string | null = null;
  for (const t of totals)
    if (tree.has(t.locationId) && (day === null || t.reportedOn > day)) day = t.reportedOn;
  if (day === null) return null;
  const from = cumulativeStartOn(periods, day);
  const latest = new Map<number, DatedTotal>();
  for (const t of totals) {
    if (!tree.has(t.locationId) || (from !== null && t.reportedOn < from)) continue;
    const seen = latest.get(t.locationId);
    // Of two totals on one day, the later given (the server reads them in id order).
    if (seen === undefined || t.reportedOn >= seen.reportedOn) latest.set(t.locationId, t);
  }
  for (const t of latest.values()) tree.set(t.locationId, t.cumulative);
  return { day, tree };
}
