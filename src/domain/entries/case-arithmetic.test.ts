import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  committed,
  dailyTotal,
  entry,
  periodEntry,
  stored,
  typedCumulative,
  typedNew,
} from '../../../tests/support/case-entries';
import type { TestEntry } from '../../../tests/support/case-entries';
import { EntryType, ReportStatus } from '../enums';
import { deriveCount, enterCaseValue, recomputeEntries } from './case-arithmetic';
import type { CaseFigure } from './case-figures';
import { caseFigures, emptyCaseCount, mapFigures } from './case-figures';

describe('enterCaseValue', () => {
  it('typing new cases sets cumulative to the previous cumulative plus them', () => {
    expect(enterCaseValue(emptyCaseCount, 'newCases', 7, 40)).toEqual({
      cumulative: 47,
      newCases: 7,
      userEntered: 'newCases',
      computed: false,
    });
  });

  it('typing cumulative sets new cases to the difference (negative when lower)', () => {
    expect(enterCaseValue(emptyCaseCount, 'cumulative', 52, 40)).toEqual({
      cumulative: 52,
      newCases: 12,
      userEntered: 'cumulative',
      computed: false,
    });
    expect(enterCaseValue(emptyCaseCount, 'cumulative', 35, 40).newCases).toBe(-5);
  });

  it('changing new cases adjusts cumulative by the difference', () => {
    const first = enterCaseValue(emptyCaseCount, 'newCases', 5, 100);
    const second = enterCaseValue(first, 'newCases', 8, 100);
    expect((second.cumulative ?? 0) - (first.cumulative ?? 0)).toBe(3);
  });

  it('switching which half is typed records it in userEntered', () => {
    const byNew = enterCaseValue(emptyCaseCount, 'newCases', 5, 10);
    const byCumulative = enterCaseValue(byNew, 'cumulative', 20, 10);
    expect(byCumulative).toEqual({
      cumulative: 20,
      newCases: 10,
      userEntered: 'cumulative',
      computed: false,
    });
  });

  it('clearing a value blanks the figure (empty is not zero)', () => {
    expect(enterCaseValue(stored(10, 2), 'newCases', null, 8)).toEqual(emptyCaseCount);
  });

  it('round-trips: the derived half typed back gives the same figure', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (value, previous) => {
          const byNew = enterCaseValue(emptyCaseCount, 'newCases', value, previous);
          const back = enterCaseValue(emptyCaseCount, 'cumulative', byNew.cumulative, previous);
          expect(back.newCases).toBe(value);
          const again = enterCaseValue(emptyCaseCount, 'newCases', back.newCases, previous);
          expect(again.cumulative).toBe(byNew.cumulative);
        },
      ),
    );
  });
});

describe('deriveCount', () => {
  it('infers the typed half when userEntered is missing', () => {
    expect(deriveCount({ ...emptyCaseCount, newCases: 4 }, 6).cumulative).toBe(10);
    expect(deriveCount({ ...emptyCaseCount, cumulative: 4 }, 6).newCases).toBe(-2);
  });

  it('follows userEntered over a stale other half', () => {
    expect(deriveCount({ ...stored(99, 4), userEntered: 'newCases' }, 6).cumulative).toBe(10);
    expect(deriveCount({ ...stored(99, 4), userEntered: 'cumulative' }, 6).newCases).toBe(93);
  });

  it('keeps a blank figure blank', () => {
    expect(deriveCount(emptyCaseCount, 6)).toEqual(emptyCaseCount);
  });
});

const figureOf = (list: ReturnType<typeof recomputeEntries<TestEntry>>, id: string) => {
  const found = list.find((r) => r.entry.id === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

describe('recomputeEntries', () => {
  it('derives pending entries from the previous entry in date order, whatever the given order', () => {
    const list = recomputeEntries([
      entry('c', '2024-03-05', { reportedCases: typedCumulative(30) }),
      committed('a', '2024-03-01', { reportedCases: stored(10, 10) }),
      entry('b', '2024-03-03', { reportedCases: typedNew(5) }),
    ]);
    expect(list.map((r) => r.entry.id)).toEqual(['c', 'a', 'b']);
    expect(figureOf(list, 'b').entry.counts?.reportedCases).toMatchObject({
      cumulative: 15,
      newCases: 5,
    });
    expect(figureOf(list, 'c').entry.counts?.reportedCases).toMatchObject({
      cumulative: 30,
      newCases: 15,
    });
    expect(figureOf(list, 'c').previous.figures.reportedCases).toEqual({
      cumulative: 15,
      newCases: 5,
    });
    expect(figureOf(list, 'c').previous.reportedOn).toBe('2024-03-03');
  });

  it('keeps the stored values of committed entries, even when they disagree', () => {
    const inconsistent = { reportedCases: stored(500, 1) };
    const list = recomputeEntries([
      committed('a', '2024-03-01', { reportedCases: stored(10, 10) }),
      committed('b', '2024-03-02', inconsistent),
      entry('c', '2024-03-03', { reportedCases: typedNew(1) }),
    ]);
    expect(figureOf(list, 'b').entry.counts?.reportedCases).toEqual(inconsistent.reportedCases);
    expect(figureOf(list, 'c').entry.counts?.reportedCases.cumulative).toBe(501);
  });

  it('a historic pending entry derives from what came before it, not from later rows', () => {
    const list = recomputeEntries([
      dailyTotal('p1', '2024-03-01', { reportedCases: stored(10, 10) }),
      dailyTotal('p5', '2024-03-05', { reportedCases: stored(50, 40) }),
      entry('h', '2024-03-03', { reportedCases: typedNew(2) }),
    ]);
    expect(figureOf(list, 'h').entry.counts?.reportedCases.cumulative).toBe(12);
  });

  it('on one day: committed entries first, then pending ones, then the Daily Total', () => {
    const list = recomputeEntries([
      dailyTotal('p', '2024-03-02', { reportedCases: stored(20, 10) }),
      entry('new', '2024-03-02', { reportedCases: typedNew(3) }),
      committed('old', '2024-03-02', { reportedCases: stored(20, 10) }),
      committed('before', '2024-03-01', { reportedCases: stored(10, 10) }),
    ]);
    expect(figureOf(list, 'new').entry.counts?.reportedCases.cumulative).toBe(23);
  });

  it('keeps figures per location', () => {
    const list = recomputeEntries([
      committed('a1', '2024-03-01', { deaths: stored(4, 4) }, { locationId: 1 }),
      committed('b1', '2024-03-01', { deaths: stored(9, 9) }, { locationId: 2 }),
      entry('a2', '2024-03-02', { deaths: typedNew(1) }, { locationId: 1 }),
      entry('b2', '2024-03-02', { deaths: typedNew(1) }, { locationId: 2 }),
    ]);
    expect(figureOf(list, 'a2').entry.counts?.deaths.cumulative).toBe(5);
    expect(figureOf(list, 'b2').entry.counts?.deaths.cumulative).toBe(10);
  });

  it('carries a figure over entries that leave it blank', () => {
    const list = recomputeEntries([
      committed('a', '2024-03-01', { reportedCases: stored(10, 10), deaths: stored(2, 2) }),
      entry('b', '2024-03-02', { reportedCases: typedNew(5) }),
      entry('c', '2024-03-03', { deaths: typedNew(1) }),
    ]);
    expect(figureOf(list, 'b').entry.counts?.deaths).toEqual(emptyCaseCount);
    expect(figureOf(list, 'c').entry.counts?.deaths.cumulative).toBe(3);
    expect(figureOf(list, 'c').previous.figures.reportedCases.cumulative).toBe(15);
  });

  it.each([
    ['a new reporting period', EntryType.NEW_REPORTING_PERIOD, '2024-03-10', '2024-03-10'],
    ['an end reporting period', EntryType.END_REPORTING_PERIOD, '2024-03-09', null],
  ] as const)('%s resets every cumulative of the activity', (_name, type, day, start) => {
    const list = recomputeEntries([
      committed('a', '2024-03-01', { reportedCases: stored(10, 10) }, { locationId: 1 }),
      committed('b', '2024-03-01', { reportedCases: stored(7, 7) }, { locationId: 2 }),
      periodEntry('period', type, day),
      entry('c', '2024-03-12', { reportedCases: typedNew(4) }, { locationId: 1 }),
      entry('d', '2024-03-12', { reportedCases: typedCumulative(3) }, { locationId: 2 }),
    ]);
    expect(figureOf(list, 'c').entry.counts?.reportedCases.cumulative).toBe(4);
    expect(figureOf(list, 'd').entry.counts?.reportedCases.newCases).toBe(3);
    expect(figureOf(list, 'c').previous.reportedOn).toBe(start);
  });

  it('a new period opens its day (entries that day are in it); an end period closes its day', () => {
    const list = recomputeEntries([
      committed('a', '2024-03-01', { reportedCases: stored(10, 10) }),
      periodEntry('end', EntryType.END_REPORTING_PERIOD, '2024-03-05'),
      entry('onEnd', '2024-03-05', { reportedCases: typedNew(1) }),
      periodEntry('new', EntryType.NEW_REPORTING_PERIOD, '2024-03-08'),
      entry('onNew', '2024-03-08', { reportedCases: typedNew(2) }),
    ]);
    expect(figureOf(list, 'onEnd').entry.counts?.reportedCases.cumulative).toBe(11);
    expect(figureOf(list, 'onNew').entry.counts?.reportedCases.cumulative).toBe(2);
  });

  it('a pending (unsaved) period entry resets too; a deleted one does not', () => {
    const base = [
      committed('a', '2024-03-01', { reportedCases: stored(10, 10) }),
      entry('b', '2024-03-12', { reportedCases: typedNew(4) }),
    ];
    const pending = recomputeEntries([
      ...base,
      periodEntry('p', EntryType.NEW_REPORTING_PERIOD, '2024-03-10', null),
    ]);
    expect(figureOf(pending, 'b').entry.counts?.reportedCases.cumulative).toBe(4);
    const deleted = recomputeEntries([
      ...base,
      periodEntry('p', EntryType.NEW_REPORTING_PERIOD, '2024-03-10', ReportStatus.Deleted),
    ]);
    expect(figureOf(deleted, 'b').entry.counts?.reportedCases.cumulative).toBe(14);
  });

  it('leaves deleted, undated and uncommitted Daily Total entries out of the arithmetic', () => {
    const list = recomputeEntries([
      committed('a', '2024-03-01', { reportedCases: stored(10, 10) }),
      entry(
        'gone',
        '2024-03-02',
        { reportedCases: typedNew(100) },
        {
          reportStatus: ReportStatus.Deleted,
        },
      ),
      entry('undated', null, { reportedCases: typedNew(100) }),
      entry(
        'stale',
        '2024-03-02',
        { reportedCases: stored(999, 1) },
        {
          type: EntryType.PROCESSED,
          reportStatus: ReportStatus.Saved,
        },
      ),
      entry('b', '2024-03-03', { reportedCases: typedNew(1) }),
    ]);
    expect(figureOf(list, 'b').entry.counts?.reportedCases.cumulative).toBe(11);
    expect(figureOf(list, 'undated').entry.counts?.reportedCases.cumulative).toBeNull();
  });

  it('derives saved auto-surveillance entries like case data', () => {
    const list = recomputeEntries([
      committed('a', '2024-03-01', { reportedCases: stored(10, 10) }),
      entry(
        'as',
        '2024-03-02',
        { reportedCases: typedCumulative(25) },
        {
          type: EntryType.AUTO_SURVEILLANCE,
          reportStatus: ReportStatus.Saved,
        },
      ),
    ]);
    expect(figureOf(list, 'as').entry.counts?.reportedCases.newCases).toBe(15);
  });
});

// Property tests: random timelines of pending entries.
const figure = fc.constantFrom<CaseFigure>(...caseFigures);
const typed = fc.record({
  figure,
  half: fc.constantFrom('newCases' as const, 'cumulative' as const),
  value: fc.integer({ min: 0, max: 5000 }),
});
const pendingEntry = fc.record({
  location: fc.integer({ min: 1, max: 3 }),
  day: fc.integer({ min: 1, max: 28 }),
  figures: fc.array(typed, { minLength: 1, maxLength: 4 }),
});

const dayOf = (d: number) => `2024-02-${String(d).padStart(2, '0')}`;

function toEntries(
  raw: readonly (typeof pendingEntry extends fc.Arbitrary<infer T> ? T : never)[],
) {
  return raw.map((r, i) => {
    const figures: Partial<Record<CaseFigure, ReturnType<typeof typedNew>>> = {};
    for (const t of r.figures) {
      figures[t.figure] = t.half === 'newCases' ? typedNew(t.value) : typedCumulative(t.value);
    }
    return entry(`e${i}`, dayOf(r.day), figures, { locationId: r.location });
  });
}

/** For every location and figure, the running sum of new cases in the arithmetic's order. */
function checkRunningSums(list: ReturnType<typeof recomputeEntries<TestEntry>>) {
  const ordered = list
    .map((r, i) => ({ r, i }))
    .sort(
      (a, b) => (a.r.entry.reportedOn ?? '').localeCompare(b.r.entry.reportedOn ?? '') || a.i - b.i,
    );
  const sums = new Map<string, number>();
  for (const { r } of ordered) {
    for (const f of caseFigures) {
      const c = r.entry.counts?.[f];
      if (!c || c.cumulative === null) continue;
      const k = `${r.entry.locationId}:${f}`;
      const sum = (sums.get(k) ?? 0) + (c.newCases ?? 0);
      sums.set(k, sum);
      expect(c.cumulative).toBe(sum);
      expect(c.cumulative - (c.newCases ?? 0)).toBe(r.previous.figures[f].cumulative ?? 0);
    }
  }
}

describe('recomputeEntries (properties)', () => {
  it('cumulative always equals the running sum of new cases per location and figure', () => {
    fc.assert(
      fc.property(fc.array(pendingEntry, { maxLength: 30 }), (raw) => {
        checkRunningSums(recomputeEntries(toEntries(raw)));
      }),
    );
  });

  it('is idempotent, and typing the derived halves back changes nothing', () => {
    fc.assert(
      fc.property(fc.array(pendingEntry, { maxLength: 30 }), (raw) => {
        const once = recomputeEntries(toEntries(raw)).map((r) => r.entry);
        const twice = recomputeEntries(once).map((r) => r.entry);
        expect(twice).toEqual(once);
        const flipped: TestEntry[] = once.map((e) => {
          const counts = e.counts;
          if (counts === null) return e;
          return {
            ...e,
            counts: mapFigures((f) => {
              const c = counts[f];
              if (c.userEntered === null) return c;
              return {
                ...c,
                userEntered: c.userEntered === 'newCases' ? 'cumulative' : 'newCases',
              };
            }),
          };
        });
        const back = recomputeEntries(flipped).map((r) => r.entry.counts);
        expect(back.map((c) => c && caseFigures.map((f) => c[f].cumulative))).toEqual(
          once.map((e) => e.counts && caseFigures.map((f) => e.counts?.[f].cumulative ?? null)),
        );
      }),
    );
  });

  it('holds after random edits, inserts and deletes', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), entry: pendingEntry }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('edit' as const), at: fc.nat(), with: typed }),
      fc.record({
        kind: fc.constant('move' as const),
        at: fc.nat(),
        day: fc.integer({ min: 1, max: 28 }),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(pendingEntry, { maxLength: 15 }),
        fc.array(op, { maxLength: 25 }),
        (raw, ops) => {
          let entries: TestEntry[] = recomputeEntries(toEntries(raw)).map((r) => r.entry);
          let next = raw.length;
          for (const o of ops) {
            if (o.kind === 'insert') {
              const [fresh] = toEntries([o.entry]);
              if (fresh) entries.push({ ...fresh, id: `e${next++}` });
            } else if (entries.length > 0) {
              const i = o.at % entries.length;
              const target = entries[i] as TestEntry;
              if (o.kind === 'delete') entries = entries.filter((_, j) => j !== i);
              else if (o.kind === 'move') entries[i] = { ...target, reportedOn: dayOf(o.day) };
              else if (target.counts) {
                const previous = recomputeEntries(entries)[i]?.previous.figures[o.with.figure];
                entries[i] = {
                  ...target,
                  counts: {
                    ...target.counts,
                    [o.with.figure]: enterCaseValue(
                      target.counts[o.with.figure],
                      o.with.half,
                      o.with.value,
                      previous?.cumulative ?? 0,
                    ),
                  },
                };
              }
            }
            entries = recomputeEntries(entries).map((r) => r.entry);
          }
          checkRunningSums(recomputeEntries(entries));
        },
      ),
    );
  });
});
