import { EntryType, ReportStatus } from '../enums';

/**
 * The details screen's locator map (issue 19): each place's latest committed cumulative figure,
 * the one chosen, from its latest committed Daily Total. Pure.
 */
export type LocatorFigure = 'reportedCases' | 'deaths';

export const locatorFigureLabel: Readonly<Record<LocatorFigure, string>> = {
  reportedCases: 'Cases',
  deaths: 'Deaths',
};

interface Entry {
  readonly id: number;
  readonly locationId: number;
  readonly type: number;
  readonly reportedOn: string;
  readonly reportStatus: number | null;
  readonly reportedCases?: { readonly cumulative?: number | null | undefined } | undefined;
  readonly deaths?: { readonly cumulative?: number | null | undefined } | undefined;
}

/**
 * Per place, the chosen cumulative of its latest committed Daily Total (latest reported-on
 * day, then the latest entry of that day); a place whose latest total lacks the figure has none.
 */
export function latestCumulatives(
  entries: readonly Entry[],
  figure: LocatorFigure,
): Map<number, number> {
  const latest = new Map<number, Entry>();
  for (const e of entries) {
    if (e.type !== EntryType.PROCESSED || e.reportStatus !== ReportStatus.Committed) continue;
    const seen = latest.get(e.locationId);
    if (
      seen === undefined ||
      e.reportedOn > seen.reportedOn ||
      (e.reportedOn === seen.reportedOn && e.id > seen.id)
    ) {
      latest.set(e.locationId, e);
    }
  }
  const out = new Map<number, number>();
  for (const [locationId, e] of latest) {
    const value = e[figure]?.cumulative;
    if (typeof value === 'number') out.set(locationId, value);
  }
  return out;
}

/** A bubble's radius in pixels: area proportional to the figure, the largest `max` px. */
export function bubbleRadius(value: number, largest: number, max = 14, min = 2.5): number {
  if (value <= 0 || largest <= 0) return min;
  return Math.max(min, max * Math.sqrt(value / largest));
}
