import { EntryType } from '@domain/enums';
import type { AddableEntryType } from '@domain/entries/add-entry';
import type { CaseFigure, UserEntered } from '@domain/entries/case-figures';
import { scheduleRecompute } from './case-recompute';
import { detailsStore } from './details-state';
import { newDraft, typeCaseValue, type DraftEntry } from './drafts';
import { schedulePrecheck } from './entries-precheck';

function changed(resetsValidation: boolean, touchedKey?: string): void {
  const s = detailsStore;
  if (touchedKey !== undefined) s.untouched = s.untouched.filter((key) => key !== touchedKey);
  s.dirty = true;
  s.notice = null;
  s.saveErrors = [];
  // Validation success is cleared on any case-count edit (spec 001 §4).
  if (resetsValidation) s.validation = null;
  schedulePrecheck();
}

/** Adds an entry of a type at a location (the picker checked that it may be added). */
export function addEntry(locationId: number, type: AddableEntryType): string {
  const draft = newDraft(locationId, type);
  detailsStore.drafts.unshift(draft);
  detailsStore.untouched.push(draft.key);
  detailsStore.selectedLocationId = locationId;
  changed(true);
  return draft.key;
}

/** One field of a draft changed. */
export function editDraft<K extends keyof DraftEntry>(
  key: string,
  field: K,
  value: DraftEntry[K],
): void {
  const draft = detailsStore.drafts.find((d) => d.key === key);
  if (!draft) return;
  Object.assign(draft, { [field]: value });
  changed(true, key);
  if (draft.type === EntryType.CASE_DATA && field === 'reportedOn') scheduleRecompute();
}

/** A case figure typed: the typed half now, the other half from the worker after 1000 ms. */
export function typeCase(
  key: string,
  figure: CaseFigure,
  half: UserEntered,
  value: number | null,
): void {
  const draft = detailsStore.drafts.find((d) => d.key === key);
  if (!draft) return;
  Object.assign(draft, { counts: typeCaseValue(draft.counts, figure, half, value) });
  changed(true, key);
  scheduleRecompute();
}

/** Removes a draft; a saved one is deleted on the next save (spec 001 §4). */
export function removeDraft(key: string): void {
  const s = detailsStore;
  const at = s.drafts.findIndex((d) => d.key === key);
  const draft = s.drafts[at];
  if (draft === undefined) return;
  s.drafts.splice(at, 1);
  if (draft.id !== null) {
    s.deleted.push({ id: draft.id, locationId: draft.locationId, type: draft.type });
  }
  s.recomputed = Object.fromEntries(Object.entries(s.recomputed).filter(([k]) => k !== key));
  changed(true);
}
