import { EntryType, ReportStatus, entryTypeWeight } from '../enums';
import type { TimelineEntry } from './case-arithmetic';
import type { CaseFigure } from './case-figures';
import { caseFigures, emptyCaseCount, mapFigures } from './case-figures';

/**
 * The committed timeline indexed once per load, so checking a save costs the pending entries,
 * not the history (issue 6: 1,000 locations × 365 days under 50 ms). visibleTimelineOf answers
 * what visibleTimeline (timeline-window.ts) answers, entry for entry (property-tested), by
 * binary search per pending location instead of a pass over every committed entry.
 */

const COMMITTED = ReportStatus.Committed;
const DELETED = ReportStatus.Deleted;
const NEW_PERIOD = EntryType.NEW_REPORTING_PERIOD;
const END_PERIOD = EntryType.END_REPORTING_PERIOD;
const CASE_DATA = EntryType.CASE_DATA;
const AUTO = EntryType.AUTO_SURVEILLANCE;
const PROCESSED = EntryType.PROCESSED;
const figureNames: readonly CaseFigure[] = [...caseFigures];
const NONE = -1;

/** One location's committed case entries in walk order, with look-ups built once. */
interface LocationRows<E> {
  /** Sorted by day, then entry-type weight, then their order in the history. */
  readonly entries: readonly E[];
  readonly days: readonly string[];
  readonly weights: Int8Array;
  /** Position of each entry in the history given (the walk keeps that order). */
  readonly order: Int32Array;
  /** Per figure, at each position: the last position at or before it with a cumulative. */
  readonly lastWith: Readonly<Record<CaseFigure, Int32Array>>;
  /** At each position: the last position at or before it with figures at all. */
  readonly lastWithCounts: Int32Array;
}

export interface CommittedIndex<E extends TimelineEntry> {
  /** Committed period entries, in history order, with their history positions. */
  readonly periods: readonly { readonly entry: E; readonly order: number }[];
  readonly byLocation: ReadonlyMap<number, LocationRows<E>>;
  /** The day of the latest committed Daily Total (propagation's bound), or null. */
  readonly lastProcessedDay: string | null;
}

/** Indexes an activity's committed history (uncommitted and undated entries are left out). */
export function indexCommitted<E extends TimelineEntry>(
  committed: readonly E[],
): CommittedIndex<E> {
  const periods: { entry: E; order: number }[] = [];
  const grouped = new Map<number, { entry: E; order: number; weight: number; day: string }[]>();
  let lastProcessedDay: string | null = null;
  committed.forEach((e, order) => {
    const day = e.reportedOn;
    if (e.reportStatus !== COMMITTED || day === null) return;
    const type = e.type;
    if (type === NEW_PERIOD || type === END_PERIOD) {
      periods.push({ entry: e, order });
      return;
    }
    if (type !== CASE_DATA && type !== AUTO && type !== PROCESSED) return;
    if (type === PROCESSED && (lastProcessedDay === null || day > lastProcessedDay)) {
      lastProcessedDay = day;
    }
    let list = grouped.get(e.locationId);
    if (list === undefined) grouped.set(e.locationId, (list = []));
    list.push({ entry: e, order, weight: entryTypeWeight[type], day });
  });
  const byLocation = new Map<number, LocationRows<E>>();
  for (const [locationId, list] of grouped) {
    list.sort((a, b) =>
      a.day < b.day ? -1 : a.day > b.day ? 1 : a.weight - b.weight || a.order - b.order,
    );
    const n = list.length;
    const lastWith = Object.fromEntries(figureNames.map((f) => [f, new Int32Array(n)])) as Record<
      CaseFigure,
      Int32Array
    >;
    const lastWithCounts = new Int32Array(n);
    const weights = new Int8Array(n);
    const order = new Int32Array(n);
    const held: Record<CaseFigure, number> = {
      reportedCases: NONE,
      suspectedCases: NONE,
      confirmedCases: NONE,
      deaths: NONE,
    };
    let heldCounts = NONE;
    list.forEach((row, i) => {
      weights[i] = row.weight;
      order[i] = row.order;
      const counts = row.entry.counts;
      if (counts !== null) {
        heldCounts = i;
        for (const f of figureNames) if (counts[f].cumulative !== null) held[f] = i;
      }
      lastWithCounts[i] = heldCounts;
      for (const f of figureNames) lastWith[f][i] = held[f];
    });
    byLocation.set(locationId, {
      entries: list.map((r) => r.entry),
      days: list.map((r) => r.day),
      weights,
      order,
      lastWith,
      lastWithCounts,
    });
  }
  return { periods, byLocation, lastProcessedDay };
}

/** The first position whose day is on or after `day`. */
function firstOnOrAfter(days: readonly string[], day: string): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((days[mid] ?? '') < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** visibleTimeline (timeline-window.ts) over an index: the same entries, in the same order. */
export function visibleTimelineOf<E extends TimelineEntry>(
  index: CommittedIndex<E>,
  pending: readonly TimelineEntry[],
): (E | TimelineEntry)[] {
  const firsts = new Map<number, string>();
  for (const p of pending) {
    if (p.reportedOn === null || p.reportStatus === DELETED) continue;
    const first = firsts.get(p.locationId);
    if (first === undefined || p.reportedOn < first) firsts.set(p.locationId, p.reportedOn);
  }
  const caseWeight = entryTypeWeight[CASE_DATA];
  const kept: { entry: E | TimelineEntry; order: number }[] = index.periods.map((p) => p);
  const folds: TimelineEntry[] = [];
  for (const [locationId, first] of firsts) {
    const rows = index.byLocation.get(locationId);
    if (rows === undefined) continue;
    // The latest period entry before the pending one resets what came before it.
    let reset: { day: string; weight: number } | null = null;
    for (const { entry } of index.periods) {
      const day = entry.reportedOn ?? '';
      const weight = entryTypeWeight[entry.type];
      const beforePending = day < first || (day === first && weight < caseWeight);
      const afterReset =
        reset === null || day > reset.day || (day === reset.day && weight > reset.weight);
      if (beforePending && afterReset) reset = { day, weight };
    }
    const from = firstOnOrAfter(rows.days, first);
    for (let i = from; i < rows.entries.length; i++) {
      const entry = rows.entries[i];
      if (entry !== undefined) kept.push({ entry, order: rows.order[i] ?? 0 });
    }
    // Positions before `from` that a reset does not drop.
    const visible = (i: number) => {
      if (i === NONE) return false;
      if (reset === null) return true;
      const day = rows.days[i] ?? '';
      const weight = rows.weights[i] ?? 0;
      return !(reset.day > day || (reset.day === day && reset.weight > weight));
    };
    const last = from - 1;
    if (last < 0) continue;
    const foldAt = rows.lastWithCounts[last] ?? NONE;
    if (!visible(foldAt)) continue;
    folds.push({
      locationId,
      type: PROCESSED,
      reportedOn: rows.days[foldAt] ?? null,
      reportStatus: COMMITTED,
      counts: mapFigures((f) => {
        const at = rows.lastWith[f][last] ?? NONE;
        return visible(at) ? (rows.entries[at]?.counts?.[f] ?? emptyCaseCount) : emptyCaseCount;
      }),
    });
  }
  // Periods first, then the kept entries, each in history order; the folds last.
  const periodOrder = new Set(index.periods.map((p) => p.order));
  kept.sort((a, b) => {
    const pa = periodOrder.has(a.order) ? 0 : 1;
    const pb = periodOrder.has(b.order) ? 0 : 1;
    return pa - pb || a.order - b.order;
  });
  return [...kept.map((k) => k.entry), ...folds];
}
