import { EntryType, ReportStatus } from '@/domain/enums';
import { sortReports } from '@/domain/entries/report-order';
import type { CaseFigure } from '@/domain/entries/case-figures';
import type { ReportJson } from '@/domain/entries/entries-api';

/** One committed row of a location's table, and the user entries under it. */
export interface CommittedRow {
  readonly report: ReportJson;
  /** The case entries behind a Daily Total (shown when it is expanded). */
  readonly userEntries: readonly ReportJson[];
  /** Green: the location's latest committed Daily Total (spec 001 §2). */
  readonly latestTotal: boolean;
}

const isUserCase = (r: ReportJson) =>
  r.type === EntryType.CASE_DATA || r.type === EntryType.AUTO_SURVEILLANCE;

/**
 * A location's committed rows in the table's order (spec 001 §9): case entries of a day with a
 * committed Daily Total sit under that total; the first Daily Total is the latest.
 * `types` narrows to the 'View' filter's entry types (null shows all).
 */
export function committedRows(
  reports: readonly ReportJson[],
  types: ReadonlySet<EntryType> | null,
): CommittedRow[] {
  const committed = reports.filter((r) => r.reportStatus === ReportStatus.Committed);
  const totalDays = new Set(
    committed.filter((r) => r.type === EntryType.PROCESSED).map((r) => r.reportedOn),
  );
  const under = new Map<string, ReportJson[]>();
  const top: ReportJson[] = [];
  for (const r of committed) {
    if (isUserCase(r) && totalDays.has(r.reportedOn)) {
      const list = under.get(r.reportedOn) ?? [];
      list.push(r);
      under.set(r.reportedOn, list);
    } else {
      top.push(r);
    }
  }
  const sorted = sortReports(top.map((r) => ({ ...r, commitDate: r.reportCollection.commitDate })));
  let latestSeen = false;
  const rows: CommittedRow[] = [];
  for (const report of sorted) {
    const latestTotal = !latestSeen && report.type === EntryType.PROCESSED;
    if (latestTotal) latestSeen = true;
    if (types !== null && !types.has(report.type)) continue;
    rows.push({
      report,
      userEntries:
        report.type === EntryType.PROCESSED
          ? sortReports(
              (under.get(report.reportedOn) ?? []).map((r) => ({
                ...r,
                commitDate: r.reportCollection.commitDate,
              })),
            )
          : [],
      latestTotal,
    });
  }
  return rows;
}

/** A day of committed cumulatives, for the history beside a case input. */
export interface CommittedValues {
  readonly reportedOn: string;
  readonly values: Record<CaseFigure, number | null>;
}

/** The last `count` committed Daily Totals of a location, latest first. */
export function lastCommittedValues(
  reports: readonly ReportJson[],
  count: number,
): CommittedValues[] {
  return reports
    .filter((r) => r.type === EntryType.PROCESSED && r.reportStatus === ReportStatus.Committed)
    .sort((a, b) => b.reportedOn.localeCompare(a.reportedOn))
    .slice(0, count)
    .map((r) => ({
      reportedOn: r.reportedOn,
      values: {
        reportedCases: r.reportedCases?.cumulative ?? null,
        suspectedCases: r.suspectedCases?.cumulative ?? null,
        confirmedCases: r.confirmedCases?.cumulative ?? null,
        deaths: r.deaths?.cumulative ?? null,
      },
    }));
}
