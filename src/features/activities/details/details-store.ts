import { proxy, ref, useSnapshot } from 'valtio';
import { getEngine, isEngineFailure } from '@/app/engine';
import { parseMessageLevel } from '@/domain/api-errors';
import { EntryType, MessageLevel, ReportStatus } from '@/domain/enums';
import type { AddableEntryType } from '@/domain/entries/add-entry';
import type { CaseFigure, UserEntered } from '@/domain/entries/case-figures';
import type {
  ActivityDetailJson,
  ReportJson,
  ReportsFromDateJson,
  ValidateAnswerJson,
} from '@/domain/entries/entries-api';
import type {
  ActivityKey,
  RecomputedCaseEntry,
} from '@workers/activity-details/details-engine-api';
import { draftOfSaved, entriesBody, newDraft, typeCaseValue, type DraftEntry } from './drafts';
import type { EntryView, LocationOrder } from './location-order';
import { recomputeMark } from './details-marks';

/** Spec 001 §9: case inputs are recomputed 1000 ms after the last keystroke. */
export const caseInputDebounceMs = 1000;

/** A location's whole history, loaded when its table is expanded. */
export interface LocationHistory {
  readonly status: 'loading' | 'ready' | 'error';
  readonly reports: readonly ReportJson[];
}

/** What the warnings panel shows after a validate. */
export interface ValidationState {
  readonly answer: ValidateAnswerJson;
  /** Locations whose warnings the analyst ticked 'Confirmed'. */
  readonly confirmed: readonly number[];
}

/** The details screen's state (valtio: read snapshots, change through the actions below). */
export interface DetailsState {
  key: ActivityKey | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  detail: ActivityDetailJson | null;
  tab: 'entries' | 'assessments';
  /** The Entries tab's sub-tab (spec 001 §2): 'Overview' or the entries table (the default). */
  entriesSubTab: 'overview' | 'table';
  // Location panel.
  locationMode: 'filter' | 'search';
  locationText: string;
  view: EntryView;
  order: LocationOrder;
  page: number;
  selectedLocationId: number | null;
  /** Locations added from Search/Add mode that have no entry yet. */
  addedLocations: ActivityDetailJson['locations'][number][];
  // Tables.
  histories: Record<number, LocationHistory>;
  /** Daily Total report ids expanded to their user entries. */
  expandedTotals: number[];
  // Entries being typed.
  drafts: DraftEntry[];
  deleted: { id: number; locationId: number; type: EntryType }[];
  /** The worker's recompute of each case draft (by draft key). */
  recomputed: Record<string, RecomputedCaseEntry>;
  /** New drafts nothing was typed into yet: the pre-check leaves them out (no 'required' yet). */
  untouched: string[];
  dirty: boolean;
  // Validate and commit.
  validating: boolean;
  validation: ValidationState | null;
  /** The worker's own run of the rules over the drafts (checkEntries), shown until Validate. */
  precheck: ValidateAnswerJson | null;
  saving: boolean;
  /** A save refused (stale, or the server's own check), in the spec's words. */
  saveErrors: string[];
  commitDialogOpen: boolean;
  propagate: boolean;
  propagateUptoDate: string | null;
  propagationPickerOpen: boolean;
  /** The last success line after a save or commit. */
  notice: string | null;
}

const initialState = (): DetailsState => ({
  key: null,
  status: 'idle',
  error: null,
  detail: null,
  tab: 'entries',
  entriesSubTab: 'table',
  locationMode: 'filter',
  locationText: '',
  view: 'all',
  order: 'geographical',
  page: 1,
  selectedLocationId: null,
  addedLocations: [],
  histories: {},
  expandedTotals: [],
  drafts: [],
  deleted: [],
  recomputed: {},
  untouched: [],
  dirty: false,
  validating: false,
  validation: null,
  precheck: null,
  saving: false,
  saveErrors: [],
  commitDialogOpen: false,
  propagate: false,
  propagateUptoDate: null,
  propagationPickerOpen: false,
  notice: null,
});

export const detailsStore = proxy<DetailsState>(initialState());

/** A snapshot for rendering. */
export const useDetails = () => useSnapshot(detailsStore);

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

let loadSequence = 0;

/** Opens an activity: the detail from the worker, saved entries become editable drafts. */
export async function openDetails(given: ActivityKey): Promise<void> {
  // A plain copy: the store's proxy cannot cross to the worker.
  const key = { diseaseActivityId: given.diseaseActivityId, countryId: given.countryId };
  const mine = ++loadSequence;
  const s = detailsStore;
  const sameActivity =
    s.key?.diseaseActivityId === key.diseaseActivityId && s.key.countryId === key.countryId;
  if (!sameActivity) Object.assign(s, initialState(), { key });
  s.status = s.detail === null ? 'loading' : s.status;
  try {
    const detail = await getEngine().openActivityDetails(key);
    if (mine !== loadSequence) return;
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
    if (mine !== loadSequence) return;
    s.status = 'error';
    s.error =
      isEngineFailure(error, 'ApiError') && error.status === 404 ? notFound(key) : message(error);
  }
}

const notFound = (key: ActivityKey) =>
  `Disease activity ${key.diseaseActivityId} was not found in country ${key.countryId}.`;

/** Leaves the screen: nothing is kept for the next activity. */
export function closeDetails(): void {
  loadSequence += 1;
  // A pre-check still running answers for the activity left: dropped.
  precheckSequence += 1;
  clearTimeout(precheckTimer);
  Object.assign(detailsStore, initialState());
}

// ─── Location panel ─────────────────────────────────────────────────────────────────────

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

// ─── Tables ─────────────────────────────────────────────────────────────────────────────

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

// ─── Entries ────────────────────────────────────────────────────────────────────────────

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

let recomputeTimer: ReturnType<typeof setTimeout> | undefined;
let recomputeSequence = 0;

function scheduleRecompute(delay = caseInputDebounceMs): void {
  clearTimeout(recomputeTimer);
  recomputeTimer = setTimeout(() => void recomputeNow(), delay);
}

/** Asks the worker for the case drafts' derived halves and what came before each. */
export async function recomputeNow(): Promise<void> {
  const s = detailsStore;
  if (s.key === null) return;
  const mine = ++recomputeSequence;
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
  if (mine !== recomputeSequence) return;
  const next: Record<string, RecomputedCaseEntry> = {};
  for (const entry of answer) next[entry.key] = ref(entry);
  s.recomputed = next;
}

// ─── Pre-check in the worker ────────────────────────────────────────────────────────────

/** The pre-check runs this long after the last change (not a spec figure: short, not per key). */
export const precheckDebounceMs = 400;

let precheckTimer: ReturnType<typeof setTimeout> | undefined;
let precheckSequence = 0;

function schedulePrecheck(): void {
  clearTimeout(precheckTimer);
  precheckTimer = setTimeout(() => void precheckNow(), precheckDebounceMs);
}

/**
 * The entries rules run in the worker over what is typed (issue 6): instant messages, no
 * server call. The Validate button still asks the server, which decides.
 */
export async function precheckNow(): Promise<void> {
  const s = detailsStore;
  if (s.key === null) return;
  const mine = ++precheckSequence;
  const typedInto = s.drafts.filter((draft) => !s.untouched.includes(draft.key));
  if (typedInto.length === 0 && s.deleted.length === 0) {
    s.precheck = null;
    return;
  }
  try {
    const answer = await getEngine().checkEntries(
      { ...s.key },
      submission(false, false, typedInto),
    );
    if (mine !== precheckSequence) return;
    s.precheck = answer === null ? null : ref(answer);
  } catch {
    // Reported by the engine without an alert; Validate still asks the server.
    if (mine === precheckSequence) s.precheck = null;
  }
}

// ─── Validate, save, commit ─────────────────────────────────────────────────────────────

function submission(
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

/** Validate: the server's messages per location and the Daily Totals a commit would write. */
export async function validate(): Promise<void> {
  const s = detailsStore;
  if (s.key === null || s.validating) return;
  s.validating = true;
  s.saveErrors = [];
  s.notice = null;
  try {
    const answer = await getEngine().validateEntries({ ...s.key }, submission(false, false));
    s.validation = { answer: ref(answer), confirmed: [] };
    // The server answered: the next change shows a fresh pre-check, not one from before.
    precheckSequence += 1;
    s.precheck = null;
    // After validation the form resets to the current values (spec 001 §4).
    s.dirty = false;
  } catch {
    // The engine showed the 'IST Error: …' alert.
  } finally {
    s.validating = false;
  }
}

/** The leveled messages of one location's card. */
export const cardMessages = (list: readonly string[]) => list.map(parseMessageLevel);

/** Whether a card has an error (errors hide its warnings and block commit). */
export const cardHasError = (list: readonly string[]) =>
  cardMessages(list).some((m) => m.level === MessageLevel.ERROR);

/** What a card shows: its errors when it has any (they hide its warnings), else everything. */
export function shownCardMessages(list: readonly string[]) {
  const all = cardMessages(list);
  const errors = all.filter((m) => m.level === MessageLevel.ERROR);
  return errors.length > 0 ? errors : all;
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

/** Where validation stands: errors, warnings left to confirm, or success. */
export function validationOutcome(
  v: ValidationState | null,
): 'none' | 'errors' | 'unconfirmed' | 'succeeded' {
  if (v === null) return 'none';
  if (v.answer.result === null || v.answer.locations.some((l) => cardHasError(l.messages))) {
    return 'errors';
  }
  const warned = v.answer.locations.filter((l) => l.messages.length > 0);
  return warned.every((l) => v.confirmed.includes(l.locationId)) ? 'succeeded' : 'unconfirmed';
}

/** Whether the validated entries carry high-impact warnings (commit asks once more). */
export const hasHighWarnings = (v: ValidationState | null): boolean =>
  v !== null &&
  v.answer.messages.some((m) => parseMessageLevel(m).level === MessageLevel.WARNINGHIGH);

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
      submission(commit, warningsAccepted),
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

// ─── Propagation ────────────────────────────────────────────────────────────────────────

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
