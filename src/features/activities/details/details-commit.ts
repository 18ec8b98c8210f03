import { ref } from 'valtio';
import { getEngine } from '@/app/engine';
import { detailsStore } from './details-state';
import { openDetails } from './details-loading';
import { entriesSubmission } from './entries-submission';
import { cardHasError, hasHighWarnings } from './validation-cards';

/* Validate, the warnings' 'Confirmed' ticks, save or commit, and propagation (spec 001 §4). */

/** Validate: the server's messages per location and the Daily Totals a commit would write. */
export async function validate(): Promise<void> {
  const s = detailsStore;
  if (s.key === null || s.validating) return;
  s.validating = true;
  s.saveErrors = [];
  s.notice = null;
  try {
    const answer = await getEngine().validateEntries({ ...s.key }, entriesSubmission(false, false));
    s.validation = { answer: ref(answer), confirmed: [] };
    // The server answered: the next change shows a fresh pre-check, not one from before.
    s.work.precheckSequence += 1;
    s.precheck = null;
    // After validation the form resets to the current values (spec 001 §4).
    s.dirty = false;
  } catch {
    // The engine showed the 'IST Error: …' alert.
  } finally {
    s.validating = false;
  }
}

export function toggleConfirmed(locationId: number): void {
  const v = detailsStore.validation;
  if (v === null) return;
  const confirmed = v.confirmed.includes(locationId)
    ? v.confirmed.filter((id) => id !== locationId)
    : [...v.confirmed, locationId];
  detailsStore.validation = { ...v, confirmed };
}

/** Ticks every card without an error (the 'confirm all warnings' key). */
export function confirmAllWarnings(): void {
  const v = detailsStore.validation;
  if (v === null) return;
  const confirmed = v.answer.locations
    .filter((l) => !cardHasError(l.messages))
    .map((l) => l.locationId);
  detailsStore.validation = { ...v, confirmed };
}

export function openCommitDialog(): void {
  detailsStore.commitDialogOpen = true;
}
export function closeCommitDialog(): void {
  detailsStore.commitDialogOpen = false;
}

/** Save (uncommitted) or commit. A stale or refused write keeps everything typed. */
export async function saveOrCommit(commit: boolean): Promise<boolean> {
  const s = detailsStore;
  if (s.key === null || s.saving) return false;
  s.saving = true;
  s.saveErrors = [];
  try {
    const warningsAccepted = commit && hasHighWarnings(s.validation);
    const result = await getEngine().saveEntries(
      { ...s.key },
      entriesSubmission(commit, warningsAccepted),
    );
    if (result.status === 'stale') {
      s.saveErrors = [result.message];
      return false;
    }
    if (result.status === 'refused') {
      s.saveErrors = [...result.errors];
      return false;
    }
    s.commitDialogOpen = false;
    s.propagate = false;
    s.propagateUptoDate = null;
    await openDetails(s.key);
    s.notice = commit ? 'Changes committed.' : 'Changes saved.';
    return true;
  } catch {
    return false;
  } finally {
    s.saving = false;
  }
}

/** Turning the toggle on opens the date picker; off clears the date (spec 001 §4). */
export function setPropagation(on: boolean): void {
  const s = detailsStore;
  if (on) {
    s.propagationPickerOpen = true;
    return;
  }
  s.propagate = false;
  s.propagateUptoDate = null;
  s.validation = null;
}
export function confirmPropagation(date: string): void {
  const s = detailsStore;
  s.propagate = true;
  s.propagateUptoDate = date;
  s.propagationPickerOpen = false;
  s.validation = null;
}
export function cancelPropagation(): void {
  detailsStore.propagationPickerOpen = false;
}
