import { proxy, ref, useSnapshot } from 'valtio';
import type { EntryType } from '@domain/enums';
import type {
  ActivityDetailJson,
  ReportJson,
  ValidateAnswerJson,
} from '@domain/entries/entries-api';
import type { ActivityKey, RecomputedCaseEntry } from '@workers/activity-details/details-contract';
import type { DraftEntry } from './drafts';
import type { EntryView, LocationOrder } from './location-order';

/**
 * What the actions coordinate and no view renders: each worker call's sequence (an answer to
 * an older call is dropped) and the debounce timers. Held by `ref` inside the store and never
 * reset, so a sequence only grows.
 */
export interface DetailsWork {
  loadSequence: number;
  /**
   * The open in flight and the activity it loads (`${activityId}/${countryId}`): a second
   * open of the same activity (the route's preload, then the screen) joins it.
   */
  opening: { readonly key: string; readonly done: Promise<void> } | null;
  recomputeTimer: ReturnType<typeof setTimeout> | undefined;
  recomputeSequence: number;
  precheckTimer: ReturnType<typeof setTimeout> | undefined;
  precheckSequence: number;
}

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
  /**
   * The detail shown is the first part only (the country's own entries, `openActivityHead`):
   * the other tables say they are loading, nothing can be changed, and keys wait for the
   * whole detail (issue 31).
   */
  partial: boolean;
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
  /** Sequences and timers of the calls in flight (`ref`: not rendered, kept by a reset). */
  readonly work: DetailsWork;
}

/** Everything but `work`: what opening another activity and leaving the screen reset. */
export const initialDetailsState = (): Omit<DetailsState, 'work'> => ({
  key: null,
  status: 'idle',
  error: null,
  detail: null,
  partial: false,
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

/** The details screen's store. */
export const detailsStore = proxy<DetailsState>({
  ...initialDetailsState(),
  work: ref<DetailsWork>({
    loadSequence: 0,
    opening: null,
    recomputeTimer: undefined,
    recomputeSequence: 0,
    precheckTimer: undefined,
    precheckSequence: 0,
  }),
});

/** A snapshot for rendering. */
export const useDetails = () => useSnapshot(detailsStore);
