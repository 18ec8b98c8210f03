import { EntryType, ReportStatus } from '../enums';

/**
 * Commit rules of spec 001 §4: when the analyst may commit, and whether auto-surveillance
 * entries wait to be resolved. The activity's commit status is `commitStatusOf` in
 * `../commit-status.ts`.
 */

export interface CommitState {
  /** The form has changes not yet validated or saved. */
  readonly isDirty: boolean;
  readonly validationSucceeded: boolean;
  readonly hasUnresolvedAutoSurveillance: boolean;
  /** A new-reporting-period entry is waiting (not yet saved). */
  readonly hasPendingNewPeriod: boolean;
  /** The activity's reports (deleted ones are ignored). */
  readonly reports: readonly { readonly reportStatus: ReportStatus | null }[];
}

/**
 * Commit is allowed when the form is clean, validation succeeded, no auto-surveillance entry is
 * unresolved and no new-period entry is pending; or when saved reports exist and every report
 * is saved or committed.
 */
export function commitAllowed(state: CommitState): boolean {
  if (
    !state.isDirty &&
    state.validationSucceeded &&
    !state.hasUnresolvedAutoSurveillance &&
    !state.hasPendingNewPeriod
  ) {
    return true;
  }
  const visible = state.reports.filter((r) => r.reportStatus !== ReportStatus.Deleted);
  return (
    visible.some((r) => r.reportStatus === ReportStatus.Saved) &&
    visible.every(
      (r) => r.reportStatus === ReportStatus.Saved || r.reportStatus === ReportStatus.Committed,
    )
  );
}

/** True while an auto-surveillance entry waits to be resolved: manual entry is read-only. */
export function hasUnresolvedAutoSurveillance(
  reports: readonly { readonly type: EntryType; readonly reportStatus: ReportStatus | null }[],
): boolean {
  return reports.some(
    (r) =>
      r.type === EntryType.AUTO_SURVEILLANCE &&
      r.reportStatus !== ReportStatus.Committed &&
      r.reportStatus !== ReportStatus.Deleted,
  );
}
