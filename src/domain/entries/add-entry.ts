import { isCalendarDay } from '../calendar-day';
import { CommitStatus, EntryType, entryTypeLabel } from '../enums';

/**
 * Which entry types the analyst may add (spec 001 §4 "Reporting periods", "Manual entry").
 * Period entries and check-ins are limited to country-level locations; a new period only when
 * none is active, an end only when one is.
 */

/** The entry-type picker, in its order (spec 001 §3). */
export const addableEntryTypes = [
  EntryType.CASE_DATA,
  EntryType.TRAVELLER,
  EntryType.DESCRIPTION,
  EntryType.INACTIVITY,
  EntryType.NEW_REPORTING_PERIOD,
  EntryType.END_REPORTING_PERIOD,
] as const;
export type AddableEntryType = (typeof addableEntryTypes)[number];

const addable: ReadonlySet<EntryType> = new Set(addableEntryTypes);

/** Whether the analyst may add entries of `type` at all (the picker's list is the one source). */
export const isAddableEntryType = (type: EntryType): type is AddableEntryType => addable.has(type);

/** An entry not yet committed (new or saved) anywhere in the activity. */
export interface PendingEntry {
  readonly locationId: number;
  readonly type: EntryType;
  readonly reportedOn: string | null;
}

/** What decides the add-entry options of one location. */
export interface AddEntryState {
  /** The location the entry would be added to. */
  readonly locationId: number;
  readonly isCountryLocation: boolean;
  /** Manual entry is read-only while auto-surveillance data is uncommitted. */
  readonly readOnly: boolean;
  readonly commitStatus: CommitStatus;
  /** A reporting period is open. */
  readonly hasActivePeriod: boolean;
  readonly propagationOn: boolean;
  readonly pending: readonly PendingEntry[];
}

const isPeriodType = (type: EntryType) =>
  type === EntryType.NEW_REPORTING_PERIOD || type === EntryType.END_REPORTING_PERIOD;

/** Fully committed, including the auto-surveillance kinds of a full commit. */
const fullyCommitted: ReadonlySet<CommitStatus> = new Set([
  CommitStatus.FullyCommitted,
  CommitStatus.AutoCommitted,
  CommitStatus.UserCommitted,
]);

/** Whether an entry of `type` may be added now. */
export function canAddEntry(type: AddableEntryType, state: AddEntryState): boolean {
  if (state.readOnly) return false;
  const periodPending = state.pending.some((p) => isPeriodType(p.type));
  const pendingHere = (t: EntryType) =>
    state.pending.some((p) => p.type === t && p.locationId === state.locationId);
  switch (type) {
    case EntryType.NEW_REPORTING_PERIOD:
    case EntryType.END_REPORTING_PERIOD:
      return (
        state.isCountryLocation &&
        (type === EntryType.NEW_REPORTING_PERIOD
          ? !state.hasActivePeriod
          : state.hasActivePeriod) &&
        fullyCommitted.has(state.commitStatus) &&
        !state.pending.some((p) => p.type !== type) &&
        !state.pending.some((p) => p.type === type)
      );
    case EntryType.CASE_DATA:
      return (
        !periodPending &&
        !state.propagationOn &&
        !state.pending.some((p) => p.type === EntryType.CASE_DATA && !isCalendarDay(p.reportedOn))
      );
    case EntryType.INACTIVITY:
      return state.isCountryLocation && !periodPending && !pendingHere(type);
    case EntryType.TRAVELLER:
    case EntryType.DESCRIPTION:
      return !periodPending && !pendingHere(type);
  }
}

/** The picker's options with their labels and whether each is enabled. */
export function addEntryOptions(
  state: AddEntryState,
): { readonly type: AddableEntryType; readonly label: string; readonly enabled: boolean }[] {
  return addableEntryTypes.map((type) => ({
    type,
    label: entryTypeLabel[type],
    enabled: canAddEntry(type, state),
  }));
}
