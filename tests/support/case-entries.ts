import type { TimelineEntry } from '@domain/entries/case-arithmetic';
import type { CaseCount, CaseCounts, CaseFigure } from '@domain/entries/case-figures';
import { emptyCaseCount, mapFigures } from '@domain/entries/case-figures';
import { EntryType, ReportStatus } from '@domain/enums';

/** Short builders for case entries in domain tests. */

/** A figure typed as new cases. */
export const typedNew = (newCases: number): CaseCount => ({
  ...emptyCaseCount,
  newCases,
  userEntered: 'newCases',
});

/** A figure typed as cumulative. */
export const typedCumulative = (cumulative: number): CaseCount => ({
  ...emptyCaseCount,
  cumulative,
  userEntered: 'cumulative',
});

/** A stored (both halves) figure. */
export const stored = (cumulative: number, newCases: number): CaseCount => ({
  cumulative,
  newCases,
  userEntered: 'newCases',
  computed: false,
});

/** Four figures, blank unless given. */
export const countsOf = (figures: Partial<Record<CaseFigure, CaseCount>>): CaseCounts =>
  mapFigures((f) => figures[f] ?? emptyCaseCount);

export interface TestEntry extends TimelineEntry {
  readonly id: string;
  readonly articles?: readonly number[];
  readonly sourceId?: string | null;
  readonly autoSurveillanceCaseId?: string | null;
}

/** An entry; defaults: location 1, case data, new (no status). */
export function entry(
  id: string,
  reportedOn: string | null,
  figures: Partial<Record<CaseFigure, CaseCount>> | null,
  more: Partial<Omit<TestEntry, 'id' | 'reportedOn' | 'counts'>> = {},
): TestEntry {
  return {
    id,
    locationId: more.locationId ?? 1,
    type: more.type ?? EntryType.CASE_DATA,
    reportedOn,
    reportStatus: more.reportStatus === undefined ? null : more.reportStatus,
    counts: figures === null ? null : countsOf(figures),
    ...(more.articles === undefined ? {} : { articles: more.articles }),
    ...(more.sourceId === undefined ? {} : { sourceId: more.sourceId }),
    ...(more.autoSurveillanceCaseId === undefined
      ? {}
      : { autoSurveillanceCaseId: more.autoSurveillanceCaseId }),
  };
}

/** A committed entry. */
export const committed = (
  id: string,
  reportedOn: string,
  figures: Partial<Record<CaseFigure, CaseCount>>,
  more: Partial<Omit<TestEntry, 'id' | 'reportedOn' | 'counts'>> = {},
) => entry(id, reportedOn, figures, { ...more, reportStatus: ReportStatus.Committed });

/** A committed Daily Total. */
export const dailyTotal = (
  id: string,
  reportedOn: string,
  figures: Partial<Record<CaseFigure, CaseCount>>,
  more: Partial<Omit<TestEntry, 'id' | 'reportedOn' | 'counts'>> = {},
) => committed(id, reportedOn, figures, { ...more, type: EntryType.PROCESSED });

/** A period entry (new or end), committed unless told. */
export const periodEntry = (
  id: string,
  type: typeof EntryType.NEW_REPORTING_PERIOD | typeof EntryType.END_REPORTING_PERIOD,
  reportedOn: string,
  reportStatus: ReportStatus | null = ReportStatus.Committed,
) => entry(id, reportedOn, null, { type, reportStatus });
