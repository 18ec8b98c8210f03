import type { CumulativeTree } from '../entries/cumulative-rule';

/**
 * The details screen's locator map (issue 19): each place's cumulative figure, the one chosen.
 * Pure.
 */
export type LocatorFigure = 'reportedCases' | 'deaths';

export const locatorFigureLabel: Readonly<Record<LocatorFigure, string>> = {
  reportedCases: 'Cases',
  deaths: 'Deaths',
};

/**
 * Per place, the chosen figure of its cumulative by the one rule
 * (src/domain/entries/cumulative-rule.ts), as the index and the curve count it: a province
 * shows what it and its cities add up to, the country the activity's figure. A place with
 * nothing for the figure has none.
 */
export function placeFigures(
  latest: { readonly tree: CumulativeTree } | null,
  placeIds: readonly number[],
  figure: LocatorFigure,
): Map<number, number> {
  const out = new Map<number, number>();
  if (latest === null) return out;
  for (const id of placeIds) {
    const value = latest.tree.cumulativeOf(id)[figure];
    if (value !== null) out.set(id, value);
  }
  return out;
}

/** A bubble's radius in pixels: area proportional to the figure, the largest `max` px. */
export function bubbleRadius(value: number, largest: number, max = 14, min = 2.5): number {
  if (value <= 0 || largest <= 0) return min;
  return Math.max(min, max * Math.sqrt(value / largest));
}
