import { format } from 'date-fns';
import { proxy, useSnapshot } from 'valtio';
import { getEngine, isEngineFailure } from '@/app/engine';
import {
  newActivityDefaults,
  riskModelForSpecies,
  validateNewActivity,
  type FieldMessage,
  type NewActivity,
  type NewActivityForm,
} from '@/domain/disease-activities';
import { activityPath } from '../index/activity-index-store';

/** The new activity form's state (spec 001 §3 "New activity form"). */
export interface NewActivityState {
  open: boolean;
  values: NewActivityForm;
  /** What the start date box shows (YYYY/MM/DD); `values.totalCountStartDate` follows it. */
  startDateText: string;
  /** Messages show once a create was attempted, and follow every change after. */
  attempted: boolean;
  busy: boolean;
  /** Server refusals (400): the messages as sent. */
  serverErrors: string[];
  /** The disease, country and species exist: the §5 message and the activity to go to. */
  duplicate: { message: string; path: string } | null;
  /** The new window was blocked: where the new activity is. */
  createdPath: string | null;
  /** Opened from a suggested action (spec 001 §3: diseaseName and countryName). */
  fromSuggestion: { diseaseName: string; countryName: string } | null;
}

const initial = (): NewActivityState => ({
  open: false,
  values: { ...newActivityDefaults },
  startDateText: '',
  attempted: false,
  busy: false,
  serverErrors: [],
  duplicate: null,
  createdPath: null,
  fromSuggestion: null,
});

export const newActivityStore = proxy<NewActivityState>(initial());

/** The analyst's today, YYYY-MM-DD (the start date picker's last day). */
export const localToday = () => format(new Date(), 'yyyy-MM-dd');

/** Called after a create, so the index shows the new activity. */
let onCreated: () => void = () => undefined;
export function setOnActivityCreated(callback: () => void): void {
  onCreated = callback;
}

/** Opens the empty form with its defaults. */
export function openNewActivity(): void {
  Object.assign(newActivityStore, initial(), { open: true });
}

/** What a suggested action fills in (spec 001 §3 "plus diseaseName and countryName"). */
export interface NewActivityPrefill {
  readonly diseaseId: number;
  readonly countryId: number;
  readonly diseaseName: string;
  readonly countryName: string;
}

/** 'Create activity from this suggestion': the form with its defaults, disease and country set. */
export function openNewActivityFromSuggestion(prefill: NewActivityPrefill): void {
  const state = initial();
  Object.assign(newActivityStore, state, {
    open: true,
    values: { ...state.values, diseaseId: prefill.diseaseId, countryId: prefill.countryId },
    fromSuggestion: { diseaseName: prefill.diseaseName, countryName: prefill.countryName },
  });
}

/** Every field empty, none of the defaults. */
const emptyForm = (): NewActivityForm => ({
  diseaseId: null,
  countryId: null,
  speciesId: null,
  riskModelId: null,
  publiclyVisible: null,
  daysNeededForUpdate: null,
  allowedDaysGap: null,
  totalCountStartDate: null,
  reportingPeriodType: null,
});

/**
 * The modal's Clear button (spec 000 §2 shared modal): every field emptied, Visibility included
 * (no choice, so a create then says 'Visibility is required'), and the messages and the create
 * error cleared with them (spec 001 §8: the error clears on reset). The form stays open.
 */
export function clearNewActivity(): void {
  Object.assign(newActivityStore, initial(), { open: true, values: emptyForm() });
}

/** Closes the form; nothing is kept. */
export function closeNewActivity(): void {
  Object.assign(newActivityStore, initial());
}

/** Forgets the 'open it here' notice of a blocked window. */
export function clearCreatedNotice(): void {
  newActivityStore.createdPath = null;
}

/** Sets a field; choosing a species sets the risk model (human 1, others 0: choose one). */
export function setNewActivityField<K extends keyof NewActivityForm>(
  field: K,
  value: NewActivityForm[K],
): void {
  const s = newActivityStore;
  s.values[field] = value;
  if (field === 'speciesId' && typeof value === 'number') {
    s.values.riskModelId = riskModelForSpecies(value);
  }
  s.duplicate = null;
  s.serverErrors = [];
}

/** Types into the start date box (YYYY/MM/DD); a full date fills totalCountStartDate. */
export function setStartDateText(text: string): void {
  const s = newActivityStore;
  s.startDateText = text;
  const trimmed = text.trim();
  s.values.totalCountStartDate =
    trimmed === ''
      ? null
      : /^\d{4}\/\d{2}\/\d{2}$/.test(trimmed)
        ? trimmed.replaceAll('/', '-')
        : trimmed;
  s.duplicate = null;
}

/** The §5 messages of the current values (for the fields). */
export function currentMessages(values: NewActivityForm): FieldMessage[] {
  return validateNewActivity(values, localToday());
}

/**
 * Creates the activity: the §5 rules first (messages under the fields), then POST. Success
 * opens /activity/{id}/{countryId} in a new window and closes the form; a duplicate shows its
 * message with 'Go to activity'.
 */
export async function submitNewActivity(): Promise<void> {
  const s = newActivityStore;
  s.attempted = true;
  if (s.busy || currentMessages(s.values).length > 0) return;
  const v = s.values;
  const input: NewActivity = {
    diseaseId: v.diseaseId ?? 0,
    countryId: v.countryId ?? 0,
    speciesId: v.speciesId ?? 0,
    riskModelId: v.riskModelId ?? 0,
    publiclyVisible: v.publiclyVisible ?? true,
    daysNeededForUpdate: v.daysNeededForUpdate ?? 0,
    allowedDaysGap: v.allowedDaysGap ?? 0,
    totalCountStartDate: v.totalCountStartDate ?? '',
    reportingPeriodType: v.reportingPeriodType ?? 'NotApplicable',
  };
  s.busy = true;
  s.serverErrors = [];
  s.duplicate = null;
  try {
    const result = await getEngine().createActivity(input);
    const path = activityPath({
      diseaseActivityId: result.diseaseActivityId,
      locationId: result.countryId,
    });
    if (result.status === 'duplicate') {
      s.duplicate = { message: result.message, path };
      return;
    }
    const opened = window.open(path, '_blank');
    closeNewActivity();
    if (opened === null) newActivityStore.createdPath = path;
    onCreated();
  } catch (error) {
    s.serverErrors =
      isEngineFailure(error, 'ApiError') && error.errors.length > 0
        ? [...error.errors]
        : [error instanceof Error ? error.message : String(error)];
  } finally {
    newActivityStore.busy = false;
  }
}

export const useNewActivity = () => useSnapshot(newActivityStore);
