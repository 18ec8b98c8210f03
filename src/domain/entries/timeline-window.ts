import { EntryType, ReportStatus, entryTypeWeight } from '../enums';
import type { TimelineEntry } from './case-arithmetic';
import type { CaseCount, CaseFigure } from './case-figures';
import { caseFigures, emptyCaseCount, mapFigures } from './case-figures';

/**
 * The part of an activity's committed timeline that pending entries can see, so that checking
 * a save does not walk years of history (issue 6: 1,000 locations × 365 days).
 *
 * What a pending entry derives from is the state at its location just before it; committed
 * entries keep their stored values, so everything at a location before its earliest pending
 * entry folds into one committed Daily Total carrying, per figure, the last cumulative and new
 * cases (and the day of the last entry). Entries a reporting period reset before it are
 * dropped; locations without pending entries are left out (nothing there is derived, totalled
 * or propagated). Committed period entries are kept as they are; uncommitted entries of the
 * history are ignored (the arithmetic takes committed ones only).
 */

// Bound once: the loop below runs over every committed entry of the activity.
const COMMITTED = ReportStatus.Committed;
const DELETED = ReportStatus.Deleted;
const NEW_PERIOD = EntryType.NEW_REPORTING_PERIOD;
const END_PERIOD = EntryType.END_REPORTING_PERIOD;
const CASE_DATA = EntryType.CASE_DATA;
const AUTO = EntryType.AUTO_SURVEILLANCE;
const PROCESSED = EntryType.PROCESSED;
const weightOf: Readonly<Record<number, number>> = { ...entryTypeWeight };
const figureNames: readonly CaseFigure[] = [...caseFigures];

/** Where an entry falls in the walk: its day, then its entry-type weight. */
interface Position {
  readonly day: string;
  readonly weight: number;
}
const after = (a: Position, b: Position) =>
  a.day > b.day || (a.day === b.day && a.weight > b.weight);

interface HeldFigure {
  readonly count: CaseCount;
  readonly day: string;
  readonly weight: number;
}

/** Per location: the earliest pending day, the last reset before it, and the fold. */
interface LocationWindow {
  readonly first: string;
  reset: Position | null;
  foldDay: string | null;
  readonly figures: Partial<Record<CaseFigure, HeldFigure>>;
}

export function visibleTimeline<E extends TimelineEntry>(
  committed: readonly E[],
  pending: readonly TimelineEntry[],
): (E | TimelineEntry)[] {
  const windows = new Map<number, LocationWindow>();
  for (const p of pending) {
    if (p.reportedOn === null || p.reportStatus === DELETED) continue;
    const w = windows.get(p.locationId);
    if (w === undefined) {
      windows.set(p.locationId, { first: p.reportedOn, reset: null, foldDay: null, figures: {} });
    } else if (p.reportedOn < w.first) {
      windows.set(p.locationId, { ...w, first: p.reportedOn });
    }
  }
  const kept: (E | TimelineEntry)[] = [];
  const periods: Position[] = [];
  for (const e of committed) {
    if (e.reportStatus !== COMMITTED || e.reportedOn === null) continue;
    if (e.type === NEW_PERIOD || e.type === END_PERIOD) {
      kept.push(e);
      periods.push({ day: e.reportedOn, weight: entryTypeWeight[e.type] });
    }
  }
  // The pending entry sits at weight 2 (case data); the latest period before it resets.
  for (const w of windows.values()) {
    const pendingAt = { day: w.first, weight: entryTypeWeight[CASE_DATA] };
    for (const p of periods) {
      if (after(pendingAt, p) && (w.reset === null || after(p, w.reset))) w.reset = p;
    }
  }

  for (const e of committed) {
    const type = e.type;
    if (type !== CASE_DATA && type !== AUTO && type !== PROCESSED) continue;
    const day = e.reportedOn;
    if (e.reportStatus !== COMMITTED || day === null) continue;
    const w = windows.get(e.locationId);
    if (w === undefined) continue;
    if (day >= w.first) {
      kept.push(e);
      continue;
    }
    const weight = weightOf[type] ?? 0;
    const reset = w.reset;
    if (reset !== null && (reset.day > day || (reset.day === day && reset.weight > weight))) {
      continue;
    }
    const counts = e.counts;
    if (counts === null) continue;
    if (w.foldDay === null || day > w.foldDay) w.foldDay = day;
    for (const f of figureNames) {
      const c = counts[f];
      if (c.cumulative === null) continue;
      const held = w.figures[f];
      if (held === undefined || day > held.day || (day === held.day && weight >= held.weight)) {
        w.figures[f] = { count: c, day, weight };
      }
    }
  }
  for (const [locationId, w] of windows) {
    if (w.foldDay === null) continue;
    kept.push({
      locationId,
      type: PROCESSED,
      reportedOn: w.foldDay,
      reportStatus: COMMITTED,
      counts: mapFigures((f) => w.figures[f]?.count ?? emptyCaseCount),
    });
  }
  return kept;
}
