import { caseFigures, type CaseCounts, type CaseFigure } from './case-figures';
import type { ActivityDetailJson, ReportJson } from './entries-api';
import type { FigureTotals, NestingPlace, PeriodSpan } from './nesting';
import { EntryType, ReportStatus } from '../enums';
import { figureValues, type CurveTotal } from './epi-curve';
import { latestCumulatives } from './cumulative-rule';

/** A case entry being typed, as the details screen holds it after the worker's recompute. */
export interface TypedCaseEntry {
  readonly locationId: number;
  readonly reportedOn: string | null;
  readonly counts: CaseCounts;
}

const cumulativeOf = (of: (f: CaseFigure) => number | null): FigureTotals => figureValues(of);

/**
 * What the curve draws: each committed Daily Total (spec 001 §3 "processed") of `reports` that
 * is a place's own (not rolled up), and
 * each typed case entry with a date and a figure, as not committed yet.
 */
export function curveTotalsOf(
  reports: readonly ReportJson[],
  typed: readonly TypedCaseEntry[],
): CurveTotal[] {
  const out: CurveTotal[] = [];
  for (const report of reports) {
    // A rolled-up Daily Total (isNestingEntry) is the rule's own output, not a place's figure.
    if (
      report.type !== EntryType.PROCESSED ||
      report.reportStatus !== ReportStatus.Committed ||
      report.isNestingEntry
    ) {
      continue;
    }
    out.push({
      locationId: report.locationId,
      reportedOn: report.reportedOn.slice(0, 10),
      cumulative: cumulativeOf((f) => report[f]?.cumulative ?? null),
      pending: false,
    });
  }
  for (const entry of typed) {
    if (entry.reportedOn === null) continue;
    const cumulative = cumulativeOf((f) => entry.counts[f].cumulative);
    if (caseFigures.every((f) => cumulative[f] === null)) continue;
    out.push({
      locationId: entry.locationId,
      reportedOn: entry.reportedOn.slice(0, 10),
      cumulative,
      pending: true,
    });
  }
  return out;
}

/** What the epidemic curves of an activity are drawn from (the engine's answer). */
export interface ActivityCurveData {
  readonly places: readonly NestingPlace[];
  /** Every committed Daily Total of the activity. */
  readonly totals: readonly CurveTotal[];
  readonly periods: readonly PeriodSpan[];
}

/**
 * The activity's places for the rule's tree, and the gazetteer places between them and their
 * country (`ancestorIds`), so a city under a region without entries still nests in its
 * province, as on the server.
 */
function placesOf(locations: ActivityDetailJson['locations']): NestingPlace[] {
  const out = new Map<number, NestingPlace>();
  for (const l of locations) {
    out.set(l.id, { id: l.id, name: l.name, locationType: l.type, parentId: l.parentId });
  }
  for (const l of locations) {
    const chain = l.ancestorIds ?? [];
    chain.forEach((id, i) => {
      if (!out.has(id))
        out.set(id, { id, name: '', locationType: 0, parentId: chain[i + 1] ?? null });
    });
  }
  return [...out.values()];
}

/** The curve data of an activity's detail with all its reports. */
export function activityCurveDataOf(detail: ActivityDetailJson): ActivityCurveData {
  const periods: PeriodSpan[] = [];
  for (const p of [detail.previousReportingPeriod, detail.latestReportingPeriod]) {
    if (p !== null)
      periods.push({
        startDate: p.startDate.slice(0, 10),
        endDate: p.endDate?.slice(0, 10) ?? null,
      });
  }
  return {
    places: placesOf(detail.locations),
    totals: curveTotalsOf(detail.reports, []),
    periods,
  };
}

/**
 * The open activity's figures by the one rule (each place's latest committed Daily Total is in
 * the detail): what the locator and the country row show, the index's totals for it.
 */
export function detailCumulatives(detail: ActivityDetailJson) {
  const data = activityCurveDataOf(detail);
  return latestCumulatives(
    detail.activity.countryDetails.countryId,
    data.places,
    data.totals,
    data.periods,
  );
}
