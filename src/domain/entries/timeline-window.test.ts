import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  committed,
  dailyTotal,
  entry,
  periodEntry,
  stored,
  typedNew,
} from '../../../tests/support/case-entries';
import type { TestEntry } from '../../../tests/support/case-entries';
import { EntryType, ReportStatus } from '../enums';
import { recomputeEntries } from './case-arithmetic';
import type { TimelineEntry } from './case-arithmetic';
import { computeDailyTotals } from './daily-totals';
import { indexCommitted, visibleTimelineOf } from './timeline-index';
import { visibleTimeline } from './timeline-window';

/** What the pending entries see: their figures, what came before them, and the Daily Totals. */
function seen(
  timeline: readonly TimelineEntry[],
  pending: readonly TestEntry[],
  upto: string | null,
) {
  const all = recomputeEntries([...timeline, ...pending]);
  const mine = all.slice(timeline.length);
  return {
    pending: mine.map((r) => ({ counts: r.entry.counts, previous: r.previous })),
    totals: computeDailyTotals(all, { propagateUptoDate: upto }),
  };
}

const day = (d: number) => `2024-03-${String(d).padStart(2, '0')}`;

describe('visibleTimeline', () => {
  it('folds the history before the first pending entry into one Daily Total per location', () => {
    const history = [
      periodEntry('p', EntryType.NEW_REPORTING_PERIOD, day(1)),
      committed('a', day(2), { reportedCases: stored(5, 5), deaths: stored(1, 1) }),
      dailyTotal('ta', day(2), { reportedCases: stored(5, 5), deaths: stored(1, 1) }),
      committed('b', day(4), { reportedCases: stored(9, 4) }),
      dailyTotal('tb', day(6), { reportedCases: stored(9, 4) }),
      committed('other', day(4), { reportedCases: stored(50, 50) }, { locationId: 9 }),
    ];
    const window = visibleTimeline(history, [entry('n', day(8), { reportedCases: typedNew(1) })]);
    expect(window).toEqual([
      history[0],
      {
        locationId: 1,
        type: EntryType.PROCESSED,
        reportedOn: day(6),
        reportStatus: ReportStatus.Committed,
        counts: expect.objectContaining({
          reportedCases: stored(9, 4),
          deaths: stored(1, 1),
        }),
      },
    ]);
  });

  it('drops what a reporting period reset before the first pending entry', () => {
    const history = [
      committed('a', day(2), { reportedCases: stored(5, 5) }),
      periodEntry('end', EntryType.END_REPORTING_PERIOD, day(3)),
      periodEntry('new', EntryType.NEW_REPORTING_PERIOD, day(5)),
      committed('b', day(5), { reportedCases: stored(2, 2) }),
    ];
    const pending = [entry('n', day(8), { reportedCases: typedNew(1) })];
    expect(seen(visibleTimeline(history, pending), pending, null)).toEqual(
      seen(history, pending, null),
    );
    expect(visibleTimeline(history, pending)).toHaveLength(3);
  });

  // Random committed histories (several locations, periods) and pending entries: the window
  // must answer exactly what the whole history answers.
  const figures = fc.record(
    {
      reportedCases: fc.tuple(fc.nat(500), fc.integer({ min: -5, max: 50 })),
      deaths: fc.tuple(fc.nat(50), fc.integer({ min: 0, max: 5 })),
    },
    { requiredKeys: [] },
  );
  const committedEntry = fc.record({
    location: fc.integer({ min: 1, max: 3 }),
    day: fc.integer({ min: 1, max: 28 }),
    type: fc.constantFrom(EntryType.CASE_DATA, EntryType.PROCESSED, EntryType.AUTO_SURVEILLANCE),
    figures,
  });
  const periodRaw = fc.record({
    day: fc.integer({ min: 1, max: 28 }),
    type: fc.constantFrom(EntryType.NEW_REPORTING_PERIOD, EntryType.END_REPORTING_PERIOD),
  });
  const pendingRaw = fc.record({
    location: fc.integer({ min: 1, max: 3 }),
    day: fc.integer({ min: 1, max: 28 }),
    value: fc.integer({ min: 0, max: 40 }),
  });

  it('answers exactly what the whole history answers (figures, previous, Daily Totals)', () => {
    fc.assert(
      fc.property(
        fc.array(committedEntry, { maxLength: 40 }),
        fc.array(periodRaw, { maxLength: 3 }),
        fc.array(pendingRaw, { minLength: 1, maxLength: 6 }),
        fc.option(fc.integer({ min: 1, max: 28 }), { nil: null }),
        (rawCommitted, rawPeriods, rawPending, upto) => {
          const history: TestEntry[] = [
            ...rawCommitted.map((c, i) =>
              committed(
                `c${i}`,
                day(c.day),
                Object.fromEntries(
                  Object.entries(c.figures).map(([f, [cum, n]]) => [f, stored(cum, n)]),
                ),
                { locationId: c.location, type: c.type },
              ),
            ),
            ...rawPeriods.map((p, i) => periodEntry(`p${i}`, p.type, day(p.day))),
          ];
          const pending = rawPending.map((p, i) =>
            entry(
              `n${i}`,
              day(p.day),
              { reportedCases: typedNew(p.value) },
              { locationId: p.location },
            ),
          );
          const uptoDay = upto === null ? null : day(upto);
          expect(seen(visibleTimeline(history, pending), pending, uptoDay)).toEqual(
            seen(history, pending, uptoDay),
          );
          // The index built once per load answers the same window, entry for entry.
          expect(visibleTimelineOf(indexCommitted(history), pending)).toEqual(
            visibleTimeline(history, pending),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});
