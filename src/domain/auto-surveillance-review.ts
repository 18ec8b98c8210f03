import { AutoSurveillanceReview } from './enums';

/** How long the daily auto-commit has to take a pending auto-surveillance entry. */
export const autoCommitWindowDays = 1;

/** What the auto-surveillance review status is computed from. */
export interface AutoSurveillanceFacts {
  /** Whether the activity has any auto-surveillance entry (not deleted). */
  readonly hasAutoSurveillance: boolean;
  /** Auto-surveillance entries not committed yet. */
  readonly pending: number;
  /** Age in days of the oldest pending auto-surveillance entry. */
  readonly oldestPendingDays: number;
  /** Whether the latest committed auto-surveillance entry was committed by the auto-commit user. */
  readonly lastCommitByAuto: boolean;
}

/**
 * Auto-surveillance review status (spec 001 §3): NonASActivities without auto-surveillance
 * entries; pending entries are AutoCommitPending within the auto-commit window and
 * AutoCommitFailed after it (the daily auto-commit did not take them: an analyst must); with
 * nothing pending, AutoCommitted or UserCommitted by who committed the latest one.
 */
export function autoSurveillanceReviewOf(facts: AutoSurveillanceFacts): AutoSurveillanceReview {
  if (!facts.hasAutoSurveillance) return AutoSurveillanceReview.NonASActivities;
  if (facts.pending > 0) {
    return facts.oldestPendingDays > autoCommitWindowDays
      ? AutoSurveillanceReview.AutoCommitFailed
      : AutoSurveillanceReview.AutoCommitPending;
  }
  return facts.lastCommitByAuto
    ? AutoSurveillanceReview.AutoCommitted
    : AutoSurveillanceReview.UserCommitted;
}

/** Review is required while auto-surveillance entries are pending (they lock manual entry). */
export const isReviewRequired = (status: AutoSurveillanceReview) =>
  status === AutoSurveillanceReview.AutoCommitPending ||
  status === AutoSurveillanceReview.AutoCommitFailed;

/** How each review status is named (filter chips). */
export const autoSurveillanceReviewLabel: Readonly<Record<AutoSurveillanceReview, string>> = {
  [AutoSurveillanceReview.NonASActivities]: 'Not auto-surveillance',
  [AutoSurveillanceReview.UserCommitted]: 'User committed',
  [AutoSurveillanceReview.AutoCommitted]: 'Auto committed',
  [AutoSurveillanceReview.AutoCommitFailed]: 'Auto-commit failed',
  [AutoSurveillanceReview.AutoCommitPending]: 'Auto-commit pending',
};
