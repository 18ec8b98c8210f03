import { proxy, ref, useSnapshot } from 'valtio';
import { getEngine } from '@/app/engine';
import {
  defaultMapDays,
  mapDayChoices,
  type MapCountry,
  type MapMeasure,
} from '@/domain/activity-map';
import { activityIndexStore, openActivity } from '@/features/activities/index/activity-index-store';
import type { ActivityMapResult } from '@workers/engine-contract';

/** The map screen's state (issue 19). Filters and search text are the activity index's. */
export interface MapState {
  measure: MapMeasure;
  /** The new-cases window in days. */
  days: number;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** Held by `ref`: replaced, never mutated. */
  result: ActivityMapResult | null;
  /** The country selected in the ranked list (index into result.countries). */
  selected: number;
  /** Enter moved into the selected country's activities: j/k walk them, Enter opens one. */
  inActivities: boolean;
  selectedActivity: number;
  /** The country under the pointer (the panel shows it while hovered). */
  hoveredCountryId: number | null;
}

export const mapStore = proxy<MapState>({
  measure: 'activeActivities',
  days: defaultMapDays,
  status: 'idle',
  error: null,
  result: null,
  selected: 0,
  inActivities: false,
  selectedActivity: 0,
  hoveredCountryId: null,
});

let sequence = 0;

/** Aggregates in the worker with the index's search and chips; only the latest answer is kept. */
export async function runMap(): Promise<void> {
  const mine = ++sequence;
  const s = mapStore;
  const keep = s.result?.countries[s.selected]?.countryId;
  if (s.result === null) s.status = 'loading';
  const f = activityIndexStore.filters;
  try {
    const result = await getEngine().activityMap({
      searchText: activityIndexStore.appliedSearchText,
      filters: {
        updateStatus: [...f.updateStatus],
        commitStatus: [...f.commitStatus],
        visibility: [...f.visibility],
        asReviewStatus: [...f.asReviewStatus],
        speciesGroup: [...f.speciesGroup],
      },
      measure: s.measure,
      days: s.days,
    });
    if (mine !== sequence) return;
    s.result = ref(result);
    const again = result.countries.findIndex((c) => c.countryId === keep);
    s.selected = again >= 0 ? again : 0;
    s.selectedActivity = 0;
    s.inActivities = false;
    s.status = 'ready';
    s.error = null;
  } catch (error) {
    if (mine !== sequence) return;
    s.status = 'error';
    s.error = error instanceof Error ? error.message : String(error);
  }
}

/** The country selected in the list. */
export const selectedCountry = (): MapCountry | undefined =>
  mapStore.result?.countries[mapStore.selected];

/** j/k: the next or previous country, or activity once Enter moved into a country's list. */
export function moveMapSelection(delta: number): void {
  const s = mapStore;
  if (s.inActivities) {
    const count = selectedCountry()?.activities.length ?? 0;
    s.selectedActivity = Math.min(Math.max(0, s.selectedActivity + delta), Math.max(0, count - 1));
    return;
  }
  const count = s.result?.countries.length ?? 0;
  if (count === 0) return;
  s.selected = Math.min(Math.max(0, s.selected + delta), count - 1);
  s.selectedActivity = 0;
}

/** Selects a country by id (a click on the map, focus in the list). */
export function selectMapCountry(countryId: number): void {
  const i = mapStore.result?.countries.findIndex((c) => c.countryId === countryId) ?? -1;
  if (i < 0) return;
  if (i !== mapStore.selected) {
    mapStore.selected = i;
    mapStore.selectedActivity = 0;
    mapStore.inActivities = false;
  }
}

/** Enter: into the selected country's activities; there, opens the selected activity. */
export function enterMapSelection(): void {
  const country = selectedCountry();
  if (country === undefined) return;
  if (!mapStore.inActivities) {
    mapStore.inActivities = true;
    mapStore.selectedActivity = 0;
    return;
  }
  const activity = country.activities[mapStore.selectedActivity];
  if (activity) openActivity(activity);
}

/** Escape: back from a country's activities to the country list. */
export function leaveMapActivities(): void {
  mapStore.inActivities = false;
}

export function setMapMeasure(measure: MapMeasure): void {
  if (mapStore.measure === measure) return;
  mapStore.measure = measure;
  void runMap();
}

export function toggleMapMeasure(): void {
  setMapMeasure(mapStore.measure === 'newCases' ? 'activeActivities' : 'newCases');
}

export function setMapDays(days: number): void {
  if (mapStore.days === days) return;
  mapStore.days = days;
  void runMap();
}

/** w: the next new-cases window (7, 14, 30, 90 days, round). */
export function nextMapWindow(): void {
  const i = mapDayChoices.findIndex((d) => d === mapStore.days);
  setMapDays(mapDayChoices[(i + 1) % mapDayChoices.length] ?? defaultMapDays);
}

export function setHoveredCountry(countryId: number | null): void {
  mapStore.hoveredCountryId = countryId;
}

export const useMap = () => useSnapshot(mapStore);
