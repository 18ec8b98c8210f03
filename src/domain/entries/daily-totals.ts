import { EntryType } from '../enums';
import type { Recomputed, TimelineEntry } from './case-arithmetic';
import {
  isCommitted,
  isPending,
  periodEntryTypes,
  timelineOrder,
  userCaseEntryTypes,
} from './case-arithmetic';
import type { CaseCount, CaseCounts, CaseFigure } from './case-figures';
import { mapFigures } from './case-figures';

/**
 * Processed (Daily Total) rows (spec 001 §3, §7 "Validate"): per location and day with
 * uncommitted case entries, the day's new cases (the sum of its entries) and the cumulative
 * after it; with propagation, the later committed Daily Totals up to the chosen date again,
 * their cumulatives raised by what the historic entry added.
 */

/** A user case entry with what the Daily Total carries over from it. */
export interface DailyTotalSource extends TimelineEntry {
  readonly articles?: readonly number[];
  readonly sourceId?: string | null;
  readonly autoSurveillanceCaseId?: string | null;
}

/** One processed row to be written on commit. */
export interface DailyTotal {
  readonly locationId: number;
  readonly reportedOn: string;
  readonly counts: CaseCounts;
  /** Articles of the day's entries, each once. */
  readonly articles: readonly number[];
  readonly sourceId: string | null;
  readonly autoSurveillanceCaseId: string | null;
  /** The user entries behind it. */
  readonly userEntriesCount: number;
  /** Dated before the location's latest committed Daily Total (historic data). */
  readonly isPastEntry: boolean;
  /** A later Daily Total rewritten by propagation. */
  readonly isPropagationEntry: boolean;
}

export interface DailyTotalOptions {
  /** Propagate past entries' new cases into later Daily Totals up to this day; null: don't. */
  readonly propagateUptoDate: string | null;
}

const key = (locationId: number, day: string) => `${locationId}|${day}`;

/** The day's figure: the sum of new cases, the last cumulative, else carried from before. */
function dayFigure<E extends DailyTotalSource>(
  group: readonly Recomputed<E>[],
  figure: CaseFigure,
): CaseCount {
  let newCases: number | null = null;
  let cumulative: number | null = null;
  for (const { entry } of group) {
    const c = entry.counts?.[figure];
    if (c === undefined) continue;
    if (c.newCases !== null) newCases = (newCases ?? 0) + c.newCases;
    if (c.cumulative !== null) cumulative = c.cumulative;
  }
  if (cumulative !== null) return { cumulative, newCases, userEntered: null, computed: false };
  const carried = group[0]?.previous.figures[figure].cumulative ?? null;
  return carried === null
    ? { cumulative: null, newCases: null, userEntered: null, computed: false }
    : { cumulative: carried, newCases: 0, userEntered: null, computed: true };
}

/**
 * The Daily Totals a save or commit creates, from an activity's recomputed entries (see
 * recomputeEntries): one per location and day with an uncommitted user case entry, then the
 * propagated ones. Sorted by location, then day.
 */
export function computeDailyTotals<E extends DailyTotalSource>(
  recomputed: readonly Recomputed<E>[],
  options: DailyTotalOptions,
): DailyTotal[] {
  const entries = recomputed.map((r) => r.entry);
  const order = timelineOrder(entries);
  const groups = new Map<string, Recomputed<E>[]>();
  const touched = new Set<string>();
  const latestProcessed = new Map<number, string>();
  for (const index of order) {
    const r = recomputed[index] as Recomputed<E>;
    const { entry } = r;
    const day = entry.reportedOn ?? '';
    if (entry.type === EntryType.PROCESSED) {
      const seen = latestProcessed.get(entry.locationId);
      if (seen === undefined || day > seen) latestProcessed.set(entry.locationId, day);
      continue;
    }
    if (!userCaseEntryTypes.has(entry.type)) continue;
    const k = key(entry.locationId, day);
    const group = groups.get(k) ?? [];
    group.push(r);
    groups.set(k, group);
    if (isPending(entry)) touched.add(k);
  }

  const totals: DailyTotal[] = [];
  for (const k of touched) {
    const group = groups.get(k) ?? [];
    const first = group[0];
    if (first === undefined) continue;
    const { locationId } = first.entry;
    const reportedOn = first.entry.reportedOn ?? '';
    const articles = new Set<number>();
    let sourceId: string | null = null;
    let autoSurveillanceCaseId: string | null = null;
    for (const { entry } of group) {
      for (const a of entry.articles ?? []) articles.add(a);
      sourceId = entry.sourceId ?? sourceId;
      autoSurveillanceCaseId = entry.autoSurveillanceCaseId ?? autoSurveillanceCaseId;
    }
    const latest = latestProcessed.get(locationId);
    totals.push({
      locationId,
      reportedOn,
      counts: mapFigures((f) => dayFigure(group, f)),
      articles: [...articles].sort((a, b) => a - b),
      sourceId,
      autoSurveillanceCaseId,
      userEntriesCount: group.length,
      isPastEntry: latest !== undefined && reportedOn < latest,
      isPropagationEntry: false,
    });
  }
  totals.push(...propagatedTotals(recomputed, order, totals, options));
  return totals.sort((a, b) =>
    a.locationId !== b.locationId
      ? a.locationId - b.locationId
      : a.reportedOn.localeCompare(b.reportedOn) ||
        Number(a.isPropagationEntry) - Number(b.isPropagationEntry),
  );
}

/**
 * The committed Daily Totals after each past entry's day, up to the propagation date and
 * within its reporting period, with their cumulatives raised by the new cases the uncommitted
 * entries of that day added.
 */
function propagatedTotals<E extends DailyTotalSource>(
  recomputed: readonly Recomputed<E>[],
  order: readonly number[],
  totals: readonly DailyTotal[],
  options: DailyTotalOptions,
): DailyTotal[] {
  const upto = options.propagateUptoDate;
  if (upto === null) return [];
  const out: DailyTotal[] = [];
  for (const past of totals.filter((t) => t.isPastEntry)) {
    const added = mapFigures((f) => {
      let sum = 0;
      for (const { entry } of recomputed) {
        if (
          entry.locationId === past.locationId &&
          entry.reportedOn === past.reportedOn &&
          userCaseEntryTypes.has(entry.type) &&
          isPending(entry)
        ) {
          sum += entry.counts?.[f].newCases ?? 0;
        }
      }
      return { cumulative: sum, newCases: null, userEntered: null, computed: false };
    });
    for (const index of order) {
      const { entry } = recomputed[index] as Recomputed<E>;
      const day = entry.reportedOn ?? '';
      if (day <= past.reportedOn) continue;
      // A new period starts afresh on its day; an end period closes after its day's totals
      // (the walk puts it after them), so either one ends the propagation.
      if (day > upto || periodEntryTypes.has(entry.type)) break;
      if (
        entry.type !== EntryType.PROCESSED ||
        entry.locationId !== past.locationId ||
        !isCommitted(entry) ||
        entry.counts === null
      ) {
        continue;
      }
      const stored = entry.counts;
      out.push({
        locationId: past.locationId,
        reportedOn: day,
        counts: mapFigures((f) => {
          const c = stored[f];
          const delta = added[f].cumulative ?? 0;
          return c.cumulative === null
            ? c
            : { ...c, cumulative: c.cumulative + delta, userEntered: null };
        }),
        articles: (entry.articles ?? []).slice(),
        sourceId: entry.sourceId ?? null,
        autoSurveillanceCaseId: entry.autoSurveillanceCaseId ?? null,
        userEntriesCount: 0,
        isPastEntry: false,
        isPropagationEntry: true,
      });
    }
  }
  return out;
}
