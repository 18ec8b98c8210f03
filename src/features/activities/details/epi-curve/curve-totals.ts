import { caseFigures, type CaseCounts, type CaseFigure } from '@/domain/entries/case-figures';
import type { ReportJson } from '@/domain/entries/entries-api';
import type { FigureTotals } from '@/domain/entries/nesting';
import { EntryType, ReportStatus } from '@/domain/enums';
import { figureValues, type CurveTotal } from './curve-series';

/** A case entry being typed, as the details screen holds it after the worker's recompute. */
export interface TypedCaseEntry {
  readonly locationId: number;
  readonly reportedOn: string | null;
  readonly counts: CaseCounts;
}

const cumulativeOf = (of: (f: CaseFigure) => number | null): FigureTotals => figureValues(of);

/**
 * What the curve draws: each committed Daily Total (spec 001 §3 "processed") of `reports`, and
 * each typed case entry with a date and a figure, as not committed yet.
 */
export function curveTotalsOf(
  reports: readonly ReportJson[],
  typed: readonly TypedCaseEntry[],
): CurveTotal[] {
  const out: CurveTotal[] = [];
  for (const report of reports) {
    if (report.type !== EntryType.PROCESSED || report.reportStatus !== ReportStatus.Committed) {
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
