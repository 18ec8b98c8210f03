import { ref } from 'valtio';
import { getEngine, isEngineFailure } from '@/app/engine';
import { EntryType } from '@domain/enums';
import type { ActivityKey } from '@workers/activity-details/details-contract';
import { scheduleRecompute } from './case-recompute';
import { detailsStore, initialDetailsState } from './details-state';
import { draftOfSaved } from './drafts';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Opens an activity: the detail from the worker, saved entries become editable drafts. */
export async function openDetails(given: ActivityKey): Promise<void> {
  // A plain copy: the store's proxy cannot cross to the worker.
  const key = { diseaseActivityId: given.diseaseActivityId, countryId: given.countryId };
  const s = detailsStore;
  const mine = ++s.work.loadSequence;
  const sameActivity =
    s.key?.diseaseActivityId === key.diseaseActivityId && s.key.countryId === key.countryId;
  if (!sameActivity) Object.assign(s, initialDetailsState(), { key });
  s.status = s.detail === null ? 'loading' : s.status;
  try {
    const detail = await getEngine().openActivityDetails(key);
    if (mine !== s.work.loadSequence) return;
    s.detail = ref(detail);
    s.status = 'ready';
    s.error = null;
    s.drafts = detail.reports.flatMap((r) => {
      const draft = draftOfSaved(r);
      return draft === null ? [] : [draft];
    });
    s.deleted = [];
    s.recomputed = {};
    s.untouched = [];
    s.dirty = false;
    s.validation = null;
    s.precheck = null;
    s.histories = {};
    s.addedLocations = s.addedLocations.filter(
      (added) => !detail.locations.some((l) => l.id === added.id),
    );
    s.selectedLocationId ??= detail.activity.countryDetails.countryId;
    if (s.drafts.some((d) => d.type === EntryType.CASE_DATA)) scheduleRecompute(0);
  } catch (error) {
    if (mine !== s.work.loadSequence) return;
    s.status = 'error';
    s.error =
      isEngineFailure(error, 'ApiError') && error.status === 404 ? notFound(key) : message(error);
  }
}

const notFound = (key: ActivityKey) =>
  `Disease activity ${key.diseaseActivityId} was not found in country ${key.countryId}.`;

/** Leaves the screen: nothing is kept for the next activity. */
export function closeDetails(): void {
  const { work } = detailsStore;
  work.loadSequence += 1;
  // A pre-check still running answers for the activity left: dropped.
  work.precheckSequence += 1;
  clearTimeout(work.precheckTimer);
  Object.assign(detailsStore, initialDetailsState());
}
