import { EntryType, ReportStatus, type InactivityReason, type Importance } from '@/domain/enums';
import type { ReportingPeriodType } from '@/domain/enums';
import { isAddableEntryType, type AddableEntryType } from '@/domain/entries/add-entry';
import {
  caseFigures,
  emptyCaseCounts,
  type CaseCounts,
  type CaseFigure,
  type UserEntered,
} from '@/domain/entries/case-figures';
import type { EntriesBody, ReportJson } from '@/domain/entries/entries-api';

/**
 * An entry the analyst is typing (new, or saved and not yet committed): every field of every
 * type, as typed. Dates are YYYY-MM-DD once valid ('' until then); numbers stay text until
 * they are sent, so an empty box is empty, not zero (triage conventions: "Empty is not zero").
 */
export interface DraftEntry {
  readonly key: string;
  /** The saved report's id; null for a new entry. */
  readonly id: number | null;
  readonly reportStatus: ReportStatus | null;
  readonly locationId: number;
  readonly type: AddableEntryType;
  readonly reportedOn: string;
  readonly articles: readonly number[];
  // Case data.
  readonly counts: CaseCounts;
  // Traveller.
  readonly cases: string;
  readonly notes: string;
  readonly arrivalDate: string;
  readonly departureDate: string;
  /** Where the travellers came from (spec 001 §3 originId / originLocation); optional. */
  readonly origin: { readonly id: number; readonly displayName: string } | null;
  // Situational update (description is also a check-in's note).
  readonly title: string;
  readonly description: string;
  readonly importance: Importance | '';
  readonly updateReason: string;
  // Check-in.
  readonly inactivityReason: InactivityReason | '';
  // Reporting periods.
  readonly reportingPeriodType: ReportingPeriodType | '';
}

let nextKey = 0;

/** A blank entry of a type at a location. */
export function newDraft(locationId: number, type: AddableEntryType): DraftEntry {
  nextKey += 1;
  return {
    key: `new-${nextKey}`,
    id: null,
    reportStatus: null,
    locationId,
    type,
    reportedOn: '',
    articles: [],
    counts: emptyCaseCounts,
    cases: '',
    notes: '',
    arrivalDate: '',
    departureDate: '',
    origin: null,
    title: '',
    description: '',
    importance: '',
    updateReason: '',
    inactivityReason: '',
    reportingPeriodType: '',
  };
}

/** A saved (uncommitted) report as a draft the analyst can go on editing; null for others. */
export function draftOfSaved(report: ReportJson): DraftEntry | null {
  if (report.reportStatus !== ReportStatus.Saved || !isAddableEntryType(report.type)) return null;
  const base = newDraft(report.locationId, report.type);
  const { reportedCases, suspectedCases, confirmedCases, deaths } = report;
  return {
    ...base,
    key: `saved-${report.id}`,
    id: report.id,
    reportStatus: report.reportStatus,
    reportedOn: report.reportedOn,
    articles: report.articles,
    counts:
      reportedCases && suspectedCases && confirmedCases && deaths
        ? { reportedCases, suspectedCases, confirmedCases, deaths }
        : emptyCaseCounts,
    cases: report.cases === undefined ? '' : String(report.cases),
    notes: report.notes ?? '',
    arrivalDate: report.arrivalDate ?? '',
    departureDate: report.departureDate ?? '',
    origin:
      report.originId == null
        ? null
        : { id: report.originId, displayName: report.originLocation ?? `#${report.originId}` },
    title: report.title ?? '',
    description: report.description ?? '',
    importance: report.importance ?? '',
    updateReason: report.updateReason ?? '',
    inactivityReason: report.inactivityReason ?? '',
    reportingPeriodType: report.reportingPeriodType ?? '',
  };
}

/**
 * One half of a figure typed: the typed half is kept and marks the figure; the other half
 * waits for the worker's recompute (it is cleared so a stale value is never shown as fresh).
 */
export function typeCaseValue(
  counts: CaseCounts,
  figure: CaseFigure,
  half: UserEntered,
  value: number | null,
): CaseCounts {
  const count =
    value === null
      ? { cumulative: null, newCases: null, userEntered: null, computed: false }
      : {
          cumulative: half === 'cumulative' ? value : null,
          newCases: half === 'newCases' ? value : null,
          userEntered: half,
          computed: false,
        };
  return { ...counts, [figure]: count };
}

/** The number of a numeric box, or null when empty. */
export const numberOf = (text: string): number | null => (text === '' ? null : Number(text));

const orNull = (text: string): string | null => (text === '' ? null : text);

type Body = typeof EntriesBody.Encoded;

/** Whether any figure of a case entry was typed. */
export const hasCaseInput = (draft: DraftEntry): boolean =>
  caseFigures.some((f) => draft.counts[f].userEntered !== null);

/**
 * The body of validate and save (spec 001 §7) from the drafts: each entry under its kind,
 * only the typed half of each figure sent (the server derives the rest, as the worker did).
 */
export function entriesBody(
  drafts: readonly DraftEntry[],
  deletedIds: readonly {
    readonly id: number;
    readonly locationId: number;
    readonly type: EntryType;
  }[],
  options: { readonly commitChanges: boolean; readonly warningsAccepted: boolean },
): Body {
  const common = (d: DraftEntry) => ({
    ...(d.id === null ? {} : { id: d.id }),
    locationId: d.locationId,
    reportedOn: orNull(d.reportedOn),
    articles: [...d.articles],
  });
  const figure = (d: DraftEntry, f: CaseFigure) => {
    const c = d.counts[f];
    return c.userEntered === null
      ? { cumulative: null, newCases: null, userEntered: null }
      : { cumulative: c.cumulative, newCases: c.newCases, userEntered: c.userEntered };
  };
  const deleted = (type: EntryType) =>
    deletedIds
      .filter((d) => d.type === type)
      .map((d) => ({ id: d.id, locationId: d.locationId, reportStatus: ReportStatus.Deleted }));
  const of = (type: EntryType) => drafts.filter((d) => d.type === type);
  return {
    commitChanges: options.commitChanges,
    warningsAccepted: options.warningsAccepted,
    cases: [
      ...of(EntryType.CASE_DATA).map((d) => ({
        ...common(d),
        type: EntryType.CASE_DATA,
        reportedCases: figure(d, 'reportedCases'),
        suspectedCases: figure(d, 'suspectedCases'),
        confirmedCases: figure(d, 'confirmedCases'),
        deaths: figure(d, 'deaths'),
      })),
      ...deleted(EntryType.CASE_DATA),
    ],
    travellers: [
      ...of(EntryType.TRAVELLER).map((d) => ({
        ...common(d),
        cases: numberOf(d.cases),
        notes: orNull(d.notes),
        arrivalDate: orNull(d.arrivalDate),
        departureDate: orNull(d.departureDate),
        originId: d.origin?.id ?? null,
      })),
      ...deleted(EntryType.TRAVELLER),
    ],
    descriptions: [
      ...of(EntryType.DESCRIPTION).map((d) => ({
        ...common(d),
        title: orNull(d.title),
        description: orNull(d.description),
        importance: d.importance === '' ? null : d.importance,
        updateReason: orNull(d.updateReason),
      })),
      ...deleted(EntryType.DESCRIPTION),
    ],
    inactivities: [
      ...of(EntryType.INACTIVITY).map((d) => ({
        ...common(d),
        description: orNull(d.description),
        inactivityReason: d.inactivityReason === '' ? null : d.inactivityReason,
      })),
      ...deleted(EntryType.INACTIVITY),
    ],
    reportingPeriods: [
      ...([EntryType.NEW_REPORTING_PERIOD, EntryType.END_REPORTING_PERIOD] as const).flatMap(
        (type) =>
          of(type).map((d) => ({
            ...common(d),
            type,
            reportingPeriodType: d.reportingPeriodType === '' ? null : d.reportingPeriodType,
          })),
      ),
    ],
  };
}
