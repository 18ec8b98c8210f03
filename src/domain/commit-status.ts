import { CommitStatus } from './enums';

/** What the commit status of an activity is computed from: its stored entries. */
export interface CommitCounts {
  /** Entries that are not deleted and not Daily Totals (processed rows are derived). */
  readonly reports: number;
  /** Of those, the ones not committed (saved, or new with no status). */
  readonly uncommitted: number;
  /** Whether the activity has auto-surveillance entries (committed or not). */
  readonly hasAutoSurveillance: boolean;
  /** Whether its latest commit was made by the auto-commit user (initials 'A'). */
  readonly lastCommitByAuto: boolean;
}

/**
 * Commit status of a disease activity (spec 001 §3), from its entries:
 * - New: no entries yet; Uncommitted: entries, none committed;
 * - PartiallyCommited: some committed, some not;
 * - every entry committed: AutoCommitted or UserCommitted for an activity fed by
 *   auto-surveillance (by who made the last commit), FullyCommitted otherwise.
 */
export function commitStatusOf(counts: CommitCounts): CommitStatus {
  if (counts.reports === 0) return CommitStatus.New;
  if (counts.uncommitted >= counts.reports) return CommitStatus.Uncommitted;
  if (counts.uncommitted > 0) return CommitStatus.PartiallyCommitted;
  if (!counts.hasAutoSurveillance) return CommitStatus.FullyCommitted;
  return counts.lastCommitByAuto ? CommitStatus.AutoCommitted : CommitStatus.UserCommitted;
}

/** How each commit status is named (icon titles, filter chips). */
export const commitStatusLabel: Readonly<Record<CommitStatus, string>> = {
  [CommitStatus.New]: 'New',
  [CommitStatus.Uncommitted]: 'Uncommitted',
  [CommitStatus.PartiallyCommitted]: 'Partially committed',
  [CommitStatus.FullyCommitted]: 'Fully Committed',
  [CommitStatus.AutoCommitted]: 'Auto Committed',
  [CommitStatus.UserCommitted]: 'User committed',
};
