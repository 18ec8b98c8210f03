import { ref } from 'valtio';
import { getEngine, isEngineFailure, whenEngineReady } from '@/app/engine';
import { EntryType } from '@domain/enums';
import type { ReportJson } from '@domain/entries/entries-api';
import type { ActivityKey } from '@workers/activity-details/details-contract';
import { scheduleRecompute } from './case-recompute';
import { detailsStore, initialDetailsState } from './details-state';
import { draftOfSaved } from './drafts';

/** Saved entries not yet committed, as editable drafts. */
const draftsOf = (reports: readonly ReportJson[]) =>
  reports.flatMap((r) => {
    const draft = draftOfSaved(r);
    return draft === null ? [] : [draft];
  });

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The activity a details route names (`/activity/:id/:countryId`); null when it names none. */
export function activityKeyOfRoute(params: {
  readonly diseaseActivityIdParam: string;
  readonly countryIdParam: string;
}): ActivityKey | null {
  const diseaseActivityId = Number(params.diseaseActivityIdParam);
  const countryId = Number(params.countryIdParam);
  const positive = (n: number) => Number.isInteger(n) && n > 0;
  return positive(diseaseActivityId) && positive(countryId)
    ? { diseaseActivityId, countryId }
    : null;
}

/**
 * Asks for the activity as its route is entered, beside the screen's code (render as you
 * fetch): the screen mounts only once React shows it, which holds a lazily loaded screen back
 * up to 300 ms after its loading fallback (React's fallback throttle; issue 31 measured the
 * detail call leaving ~160 ms late on a full page load).
 */
export function preloadDetails(params: {
  readonly diseaseActivityIdParam: string;
  readonly countryIdParam: string;
}): void {
  const key = activityKeyOfRoute(params);
  if (key !== null) void whenEngineReady().then(() => enterDetails(key));
}

/**
 * Opens an activity as its screen is entered: joins an open of the same activity already in
 * flight, or keeps the one already loaded since the screen was last left (the route asks for
 * the detail beside the screen's code, `preloadDetails`, and the screen asks again once
 * mounted), so the detail call is made once.
 */
export function enterDetails(given: ActivityKey): Promise<void> {
  const s = detailsStore;
  const { work } = s;
  const key = `${given.diseaseActivityId}/${given.countryId}`;
  if (work.opening?.key === key) return work.opening.done;
  // Loaded since the screen was last left (the preload may finish before React shows it).
  const held = s.key === null ? null : `${s.key.diseaseActivityId}/${s.key.countryId}`;
  if (held === key && s.status === 'ready') return Promise.resolve();
  const done = openDetails(given).finally(() => {
    if (work.opening?.done === done) work.opening = null;
  });
  work.opening = { key, done };
  return done;
}

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
  // A first open paints from the country's entries first (issue 31); the whole detail is asked
  // for once that answer is in, not beside it: on PGlite the two would queue behind each other.
  if (s.detail === null) await showHead(key, mine);
  try {
    const detail = await getEngine().openActivityDetails(key);
    if (mine !== s.work.loadSequence) return;
    s.detail = ref(detail);
    s.partial = false;
    s.status = 'ready';
    s.error = null;
    s.drafts = draftsOf(detail.reports);
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

/**
 * Shows the detail's first part (every field, the country's own entries) while nothing is
 * shown yet. A failure here is left to the whole detail's call, which reports it.
 */
async function showHead(key: ActivityKey, mine: number): Promise<void> {
  const s = detailsStore;
  try {
    const head = await getEngine().openActivityHead(key);
    if (mine !== s.work.loadSequence || s.detail !== null) return;
    s.detail = ref(head);
    s.partial = true;
    s.drafts = draftsOf(head.reports);
    s.selectedLocationId ??= head.activity.countryDetails.countryId;
  } catch {
    // The whole detail's call follows and says what failed.
  }
}

const notFound = (key: ActivityKey) =>
  `Disease activity ${key.diseaseActivityId} was not found in country ${key.countryId}.`;

/** Leaves the screen: nothing is kept for the next activity. */
export function closeDetails(): void {
  const { work } = detailsStore;
  work.loadSequence += 1;
  work.opening = null;
  // A pre-check still running answers for the activity left: dropped.
  work.precheckSequence += 1;
  clearTimeout(work.precheckTimer);
  Object.assign(detailsStore, initialDetailsState());
}
