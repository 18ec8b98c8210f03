import { EntryType, ReportStatus, entryTypeWeight } from '../enums';
import type { CaseCount, CaseCounts, CaseFigure, UserEntered } from './case-figures';
import { caseFigures, emptyCaseCount, mapFigures, typedHalf } from './case-figures';

/**
 * Case entry arithmetic (spec 001 §4 "Case entry computation"): new cases and cumulative are
 * two views of one figure. Typing one derives the other from the previous entry's cumulative;
 * values derive from the previous entry in date order; committed entries keep their stored
 * values; a new or end reporting period resets every cumulative of the activity.
 */

/**
 * The analyst typed `value` into one half of a figure: the other half follows from the
 * previous cumulative (typing new cases sets cumulative to previous plus new cases, which is
 * adjusting it by the difference; typing cumulative sets new cases to the difference). A null
 * value clears the figure.
 */
export function enterCaseValue(
  count: CaseCount,
  half: UserEntered,
  value: number | null,
  previousCumulative: number,
): CaseCount {
  if (value === null) return { ...emptyCaseCount };
  return deriveCount(
    { ...count, userEntered: half, [half]: value, computed: false },
    previousCumulative,
  );
}

/** Fills the untyped half of a figure from the previous cumulative; a blank figure stays blank. */
export function deriveCount(count: CaseCount, previousCumulative: number): CaseCount {
  const half = typedHalf(count);
  if (half === 'newCases' && count.newCases !== null) {
    return {
      cumulative: previousCumulative + count.newCases,
      newCases: count.newCases,
      userEntered: 'newCases',
      computed: false,
    };
  }
  if (half === 'cumulative' && count.cumulative !== null) {
    return {
      cumulative: count.cumulative,
      newCases: count.cumulative - previousCumulative,
      userEntered: 'cumulative',
      computed: false,
    };
  }
  return { ...emptyCaseCount };
}

/** The entry types that carry case figures. */
export const caseEntryTypes: ReadonlySet<EntryType> = new Set([
  EntryType.CASE_DATA,
  EntryType.AUTO_SURVEILLANCE,
  EntryType.PROCESSED,
]);

/** The entry types an analyst (or an auto-surveillance source) enters case figures on. */
export const userCaseEntryTypes: ReadonlySet<EntryType> = new Set([
  EntryType.CASE_DATA,
  EntryType.AUTO_SURVEILLANCE,
]);

/** The entry types that reset cumulative data (spec 001 §4 "Reporting periods"). */
export const periodEntryTypes: ReadonlySet<EntryType> = new Set([
  EntryType.NEW_REPORTING_PERIOD,
  EntryType.END_REPORTING_PERIOD,
]);

/** One entry of an activity's timeline, as far as the arithmetic needs it. */
export interface TimelineEntry {
  readonly locationId: number;
  readonly type: EntryType;
  /** Null for a new entry whose date is not chosen yet: it takes no part. */
  readonly reportedOn: string | null;
  readonly reportStatus: ReportStatus | null;
  /** The figures of a case entry; null on other types. */
  readonly counts: CaseCounts | null;
}

/** What came before one figure of an entry. */
export interface PreviousFigure {
  /** The previous cumulative in this reporting period; null when nothing came before. */
  readonly cumulative: number | null;
  /** The previous entry's new cases of this figure; null when nothing came before. */
  readonly newCases: number | null;
}

/** What came before an entry at its location, in date order within its reporting period. */
export interface PreviousEntry {
  readonly figures: Readonly<Record<CaseFigure, PreviousFigure>>;
  /**
   * The day of the previous case entry at this location, or the start of the reporting
   * period when none came before in it; null when neither exists.
   */
  readonly reportedOn: string | null;
}

/** An entry with its figures recomputed and what came before it. */
export interface Recomputed<E extends TimelineEntry> {
  readonly entry: E;
  readonly previous: PreviousEntry;
}

const noPrevious: PreviousFigure = { cumulative: null, newCases: null };
const emptyPrevious: PreviousEntry = {
  figures: {
    reportedCases: noPrevious,
    suspectedCases: noPrevious,
    confirmedCases: noPrevious,
    deaths: noPrevious,
  },
  reportedOn: null,
};

/** True for entries whose stored values stand (committed), false for the ones being edited. */
export const isCommitted = (entry: Pick<TimelineEntry, 'reportStatus'>): boolean =>
  entry.reportStatus === ReportStatus.Committed;

/** Uncommitted and not deleted: new (no status) or saved. */
export const isPending = (entry: Pick<TimelineEntry, 'reportStatus'>): boolean =>
  entry.reportStatus === null || entry.reportStatus === ReportStatus.Saved;

/** Whether an entry takes part in the arithmetic. */
function takesPart(entry: TimelineEntry): boolean {
  if (entry.reportedOn === null || entry.reportStatus === ReportStatus.Deleted) return false;
  // Daily Totals are written by a commit; an uncommitted one is stale by definition.
  if (entry.type === EntryType.PROCESSED) return isCommitted(entry);
  return caseEntryTypes.has(entry.type) || periodEntryTypes.has(entry.type);
}

/**
 * The indices of the entries that take part, in the arithmetic's order: day, then entry-type
 * weight (a new period opens the day, an end period closes it, a Daily Total follows the
 * day's entries), committed before pending, then the order given.
 */
export function timelineOrder<E extends TimelineEntry>(entries: readonly E[]): number[] {
  const indices = entries.map((_, i) => i).filter((i) => takesPart(entries[i] as E));
  return indices.sort((a, b) => {
    const x = entries[a] as E;
    const y = entries[b] as E;
    const day = (x.reportedOn ?? '').localeCompare(y.reportedOn ?? '');
    if (day !== 0) return day;
    const weight = entryTypeWeight[x.type] - entryTypeWeight[y.type];
    if (weight !== 0) return weight;
    const committed = Number(isCommitted(y)) - Number(isCommitted(x));
    return committed !== 0 ? committed : a - b;
  });
}

/**
 * Recomputes an activity's entries (every location at once, because a reporting period resets
 * all of them): each pending case entry's untyped halves are derived from the previous entry
 * at its location in date order; committed entries keep their stored values. Answers the
 * entries in the order given, each with what came before it; entries that take no part
 * (deleted, undated, other types) come back unchanged with nothing before them.
 */
export function recomputeEntries<E extends TimelineEntry>(entries: readonly E[]): Recomputed<E>[] {
  const out: Recomputed<E>[] = entries.map((entry) => ({ entry, previous: emptyPrevious }));
  let running = new Map<number, Record<CaseFigure, PreviousFigure>>();
  let lastDay = new Map<number, string>();
  let periodStart: string | null = null;

  for (const index of timelineOrder(entries)) {
    const entry = entries[index] as E;
    const day = entry.reportedOn ?? '';
    if (periodEntryTypes.has(entry.type)) {
      running = new Map();
      lastDay = new Map();
      periodStart = entry.type === EntryType.NEW_REPORTING_PERIOD ? day : null;
      continue;
    }
    const figures = running.get(entry.locationId) ?? { ...emptyPrevious.figures };
    const previous: PreviousEntry = {
      figures: { ...figures },
      reportedOn: lastDay.get(entry.locationId) ?? periodStart,
    };
    let counts = entry.counts;
    if (counts !== null && isPending(entry)) {
      const stored = counts;
      counts = mapFigures((f) => deriveCount(stored[f], figures[f].cumulative ?? 0));
    }
    if (counts !== null) {
      for (const f of caseFigures) {
        const c = counts[f];
        if (c.cumulative !== null) figures[f] = { cumulative: c.cumulative, newCases: c.newCases };
      }
      running.set(entry.locationId, figures);
    }
    lastDay.set(entry.locationId, day);
    out[index] = { entry: counts === entry.counts ? entry : { ...entry, counts }, previous };
  }
  return out;
}
