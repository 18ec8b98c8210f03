import { cumulativesByPlace, type FigureTotals, type NestingPlace } from './cumulative-rule';

/**
 * Nesting (spec 001 §3 "Nesting detail", §7 "Nested reports"): the case figures of a location
 * on a day, rolled up from its sub-locations. Pure, so the server answers it and the worker
 * can recompute it the same way.
 */

export {
  cumulativeStartOn,
  noTotals,
  type FigureTotals,
  type NestingPlace,
  type PeriodSpan,
} from './cumulative-rule';

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

/**
 * The nesting tree under `rootId`: every place of `places` below it, each with its own total
 * and its cumulative by the one rule (src/domain/entries/cumulative-rule.ts: per figure, the
 * larger of its own and the sum of its sub-locations). `places` holds the root, the activity's
 * places and the places between them (a province with no entries of its own still nests its
 * cities). Sub-locations come in name order.
 */
export function nestingDetail(
  rootId: number,
  places: readonly NestingPlace[],
  totals: readonly OwnTotal[],
): NestingDetail | null {
  const byId = new Map(places.map((p) => [p.id, p]));
  const root = byId.get(rootId);
  if (root === undefined) return null;
  const tree = cumulativesByPlace(rootId, places, totals);
  const day = new Map(totals.map((t) => [t.locationId, t.reportedOn]));

  const build = (place: NestingPlace): NestingDetail => {
    const subs = tree
      .children(place.id)
      .flatMap((id) => byId.get(id) ?? [])
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
      .map(build);
    return {
      locationId: place.id,
      locationName: place.name,
      locationType: place.locationType,
      reportedOn: day.get(place.id) ?? null,
      cumulativeCases: tree.cumulativeOf(place.id),
      userEnteredCumulativeCases: tree.ownOf(place.id),
      isNestingEntry: tree.isNested(place.id),
      subNestingDetail: subs,
    };
  };
  return build(root);
}
