import { ref } from 'valtio';
import { getEngine } from '@/app/engine';
import { detailsStore } from './details-state';
import { entriesSubmission } from './entries-submission';

/** The pre-check runs this long after the last change (not a spec figure: short, not per key). */
export const precheckDebounceMs = 400;

export function schedulePrecheck(): void {
  const { work } = detailsStore;
  clearTimeout(work.precheckTimer);
  work.precheckTimer = setTimeout(() => void precheckNow(), precheckDebounceMs);
}

/**
 * The entries rules run in the worker over what is typed (issue 6): instant messages, no
 * server call. The Validate button still asks the server, which decides.
 */
export async function precheckNow(): Promise<void> {
  const s = detailsStore;
  if (s.key === null) return;
  const mine = ++s.work.precheckSequence;
  const typedInto = s.drafts.filter((draft) => !s.untouched.includes(draft.key));
  if (typedInto.length === 0 && s.deleted.length === 0) {
    s.precheck = null;
    return;
  }
  try {
    const answer = await getEngine().checkEntries(
      { ...s.key },
      entriesSubmission(false, false, typedInto),
    );
    if (mine !== s.work.precheckSequence) return;
    s.precheck = answer === null ? null : ref(answer);
  } catch {
    // Reported by the engine without an alert; Validate still asks the server.
    if (mine === s.work.precheckSequence) s.precheck = null;
  }
}
