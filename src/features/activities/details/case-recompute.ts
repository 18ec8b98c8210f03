import { ref } from 'valtio';
import { getEngine } from '@/app/engine';
import { EntryType } from '@domain/enums';
import type { RecomputedCaseEntry } from '@workers/activity-details/details-contract';
import { recomputeMark } from './details-marks';
import { detailsStore } from './details-state';

/** Spec 001 §9: case inputs are recomputed 1000 ms after the last keystroke. */
export const caseInputDebounceMs = 1000;

export function scheduleRecompute(delay = caseInputDebounceMs): void {
  const { work } = detailsStore;
  clearTimeout(work.recomputeTimer);
  work.recomputeTimer = setTimeout(() => void recomputeNow(), delay);
}

/** Asks the worker for the case drafts' derived halves and what came before each. */
export async function recomputeNow(): Promise<void> {
  const s = detailsStore;
  if (s.key === null) return;
  const mine = ++s.work.recomputeSequence;
  performance.mark(recomputeMark);
  const cases = s.drafts
    .filter((d) => d.type === EntryType.CASE_DATA)
    .map((d) => ({
      key: d.key,
      locationId: d.locationId,
      type: d.type,
      reportedOn: d.reportedOn === '' ? null : d.reportedOn,
      reportStatus: d.reportStatus,
      counts: {
        reportedCases: { ...d.counts.reportedCases },
        suspectedCases: { ...d.counts.suspectedCases },
        confirmedCases: { ...d.counts.confirmedCases },
        deaths: { ...d.counts.deaths },
      },
    }));
  const answer = await getEngine().recomputeCaseEntries({ ...s.key }, cases);
  if (mine !== s.work.recomputeSequence) return;
  const next: Record<string, RecomputedCaseEntry> = {};
  for (const entry of answer) next[entry.key] = ref(entry);
  s.recomputed = next;
}
