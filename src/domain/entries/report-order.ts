import { EntryType, ReportStatus, entryTypeWeight } from '../enums';

/**
 * The entries table's order (spec 001 §9 "Report sort order"): status (new, saved,
 * committed), then reportedOn descending, then commit date (latest first), then type (by the
 * entry-type weights, latest in the day first); end-period entries sort at the far future.
 * Deleted entries are hidden.
 */

export interface SortableReport {
  readonly type: EntryType;
  readonly reportStatus: ReportStatus | null;
  readonly reportedOn: string | null;
  /** ISO timestamp of the collection's commit; null until committed. */
  readonly commitDate: string | null;
}

const FAR_FUTURE = '9999-12-31';

const statusRank = (status: ReportStatus | null) =>
  status === null ? 0 : status === ReportStatus.Saved ? 1 : 2;

// A new entry without a date yet belongs at the top of its status group, like an end period.
const sortDay = (r: SortableReport) =>
  r.type === EntryType.END_REPORTING_PERIOD || r.reportedOn === null ? FAR_FUTURE : r.reportedOn;

/** Compares two reports in the entries table's order. */
export function compareReports(a: SortableReport, b: SortableReport): number {
  const status = statusRank(a.reportStatus) - statusRank(b.reportStatus);
  if (status !== 0) return status;
  const day = sortDay(b).localeCompare(sortDay(a));
  if (day !== 0) return day;
  const commit = (b.commitDate ?? FAR_FUTURE).localeCompare(a.commitDate ?? FAR_FUTURE);
  if (commit !== 0) return commit;
  return entryTypeWeight[b.type] - entryTypeWeight[a.type];
}

/** The visible reports (deleted ones hidden) in the entries table's order; a stable sort. */
export function sortReports<R extends SortableReport>(reports: readonly R[]): R[] {
  return reports.filter((r) => r.reportStatus !== ReportStatus.Deleted).sort(compareReports);
}
