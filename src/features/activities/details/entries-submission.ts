import { ReportStatus } from '@domain/enums';
import { detailsStore } from './details-state';
import { entriesBody, type DraftEntry } from './drafts';

/** What validate, save, commit and the worker's pre-check send: the drafts as the API body. */
export function entriesSubmission(
  commitChanges: boolean,
  warningsAccepted: boolean,
  drafts: readonly DraftEntry[] = detailsStore.drafts,
) {
  const s = detailsStore;
  const collection = s.detail?.reports.find((r) => r.reportStatus === ReportStatus.Saved);
  return {
    body: entriesBody(drafts, s.deleted, { commitChanges, warningsAccepted }),
    propagation: { propagate: s.propagate, propagateUptoDate: s.propagateUptoDate },
    reportCollectionId: collection?.reportCollection.id ?? null,
  };
}
