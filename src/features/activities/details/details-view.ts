import { ref } from 'valtio';
import { getEngine } from '@/app/engine';
import type { ReportsFromDateJson } from '@domain/entries/entries-api';
import { detailsStore, type DetailsState } from './details-state';
import type { EntryView, LocationOrder } from './location-order';

/*
 * What the details screen shows: its tabs, the location panel (filter or search, view, order,
 * page, the selected place) and the tables (a place's whole history is loaded when expanded).
 */

export function setLocationMode(mode: DetailsState['locationMode']): void {
  detailsStore.locationMode = mode;
  detailsStore.locationText = '';
  detailsStore.page = 1;
}
export function setLocationText(text: string): void {
  detailsStore.locationText = text;
  if (detailsStore.locationMode === 'filter') detailsStore.page = 1;
}
export function setView(view: EntryView): void {
  detailsStore.view = view;
  detailsStore.page = 1;
}
export function setTab(tab: DetailsState['tab']): void {
  detailsStore.tab = tab;
}
export function setEntriesSubTab(subTab: DetailsState['entriesSubTab']): void {
  detailsStore.entriesSubTab = subTab;
}
export function setOrder(order: LocationOrder): void {
  detailsStore.order = order;
}
export function setPage(page: number): void {
  detailsStore.page = page;
}
export function selectLocation(locationId: number): void {
  detailsStore.selectedLocationId = locationId;
}

/** Adds a location found in Search/Add mode to the tables (it has no entry until one is added). */
export function addLocation(location: DetailsState['addedLocations'][number]): void {
  const s = detailsStore;
  if (!s.addedLocations.some((l) => l.id === location.id)) s.addedLocations.push(location);
  s.selectedLocationId = location.id;
  s.locationMode = 'filter';
  s.locationText = '';
}

/** 'Show all reports' of a location: its whole history, loaded once. */
export async function expandLocation(locationId: number): Promise<void> {
  const s = detailsStore;
  if (s.key === null || s.histories[locationId]?.status === 'ready') {
    s.histories[locationId] = { status: 'ready', reports: s.histories[locationId]?.reports ?? [] };
    return;
  }
  s.histories[locationId] = { status: 'loading', reports: [] };
  try {
    const answer: ReportsFromDateJson = await getEngine().getLocationReports(
      { ...s.key },
      locationId,
    );
    const reports = [
      ...answer.processedCases,
      ...answer.descriptions,
      ...answer.inactivities,
      ...answer.travellers,
    ];
    s.histories[locationId] = { status: 'ready', reports: ref(reports) };
  } catch {
    s.histories[locationId] = { status: 'error', reports: [] };
  }
}

export function collapseLocation(locationId: number): void {
  detailsStore.histories = Object.fromEntries(
    Object.entries(detailsStore.histories).filter(([id]) => Number(id) !== locationId),
  );
}

/** 'Collapse All Tables'. */
export function collapseAllTables(): void {
  detailsStore.histories = {};
  detailsStore.expandedTotals = [];
}

export function toggleDailyTotal(reportId: number): void {
  const list = detailsStore.expandedTotals;
  const at = list.indexOf(reportId);
  if (at >= 0) list.splice(at, 1);
  else list.push(reportId);
}
