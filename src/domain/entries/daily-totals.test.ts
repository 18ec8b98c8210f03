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
import { recomputeEntries } from './case-arithmetic';
import { computeDailyTotals } from './daily-totals';

const totalsOf = (entries: TestEntry[], propagateUptoDate: string | null = null) =>
  computeDailyTotals(recomputeEntries(entries), { propagateUptoDate });

const figure = (cumulative: number | null, newCases: number | null, computed = false) => ({
  cumulative,
  newCases,
  userEntered: null,
  computed,
});

describe('computeDailyTotals', () => {
  it('one Daily Total per location and day with uncommitted entries: new summed, last cumulative', () => {
    const totals = totalsOf([
      dailyTotal('p1', '2024-03-01', { reportedCases: stored(10, 10), deaths: stored(1, 1) }),
      committed('c1', '2024-03-01', { reportedCases: stored(10, 10), deaths: stored(1, 1) }),
      entry('a', '2024-03-04', { reportedCases: typedNew(5) }, { articles: [7, 3] }),
      entry('b', '2024-03-04', { reportedCases: typedCumulative(20) }, { articles: [3] }),
      entry('c', '2024-03-04', { reportedCases: typedNew(2) }, { locationId: 2 }),
    ]);
    expect(totals).toEqual([
      {
        locationId: 1,
        reportedOn: '2024-03-04',
        counts: {
          reportedCases: figure(20, 10),
          suspectedCases: figure(null, null),
          confirmedCases: figure(null, null),
          // Not entered that day: carried from before, marked computed.
          deaths: figure(1, 0, true),
        },
        articles: [3, 7],
        sourceId: null,
        autoSurveillanceCaseId: null,
        userEntriesCount: 2,
        isPastEntry: false,
        isPropagationEntry: false,
      },
      expect.objectContaining({
        locationId: 2,
        reportedOn: '2024-03-04',
        userEntriesCount: 1,
        counts: expect.objectContaining({ reportedCases: figure(2, 2) }),
      }),
    ]);
  });

  it('includes the day’s committed entries in its sum', () => {
    const [total] = totalsOf([
      dailyTotal('p0', '2024-03-01', { reportedCases: stored(10, 10) }),
      committed('c1', '2024-03-04', { reportedCases: stored(13, 3) }),
      dailyTotal('p1', '2024-03-04', { reportedCases: stored(13, 3) }),
      entry('a', '2024-03-04', { reportedCases: typedNew(4) }),
    ]);
    expect(total?.counts.reportedCases).toEqual(figure(17, 7));
    expect(total?.userEntriesCount).toBe(2);
    expect(total?.isPastEntry).toBe(false);
  });

  it('no Daily Total when every entry is committed, deleted or not case data', () => {
    expect(
      totalsOf([
        committed('c1', '2024-03-04', { reportedCases: stored(3, 3) }),
        entry(
          'gone',
          '2024-03-05',
          { reportedCases: typedNew(4) },
          {
            reportStatus: ReportStatus.Deleted,
          },
        ),
        entry('t', '2024-03-05', null, { type: EntryType.TRAVELLER }),
      ]),
    ).toEqual([]);
  });

  it('carries the source of an auto-surveillance entry', () => {
    const [total] = totalsOf([
      entry(
        'as',
        '2024-03-04',
        { reportedCases: typedCumulative(9) },
        {
          type: EntryType.AUTO_SURVEILLANCE,
          reportStatus: ReportStatus.Saved,
          sourceId: 'AS-CA-1',
          autoSurveillanceCaseId: 'ASC-1',
        },
      ),
    ]);
    expect(total).toMatchObject({ sourceId: 'AS-CA-1', autoSurveillanceCaseId: 'ASC-1' });
  });

  const history = [
    dailyTotal('p1', '2024-03-01', { reportedCases: stored(10, 10) }),
    dailyTotal('p5', '2024-03-05', { reportedCases: stored(20, 10) }),
    dailyTotal('p8', '2024-03-08', { reportedCases: stored(26, 6) }),
    dailyTotal('p9', '2024-03-09', { reportedCases: stored(30, 4) }, { locationId: 2 }),
  ];

  it('a historic entry is a past entry; without propagation the later totals stay', () => {
    const totals = totalsOf([...history, entry('h', '2024-03-03', { reportedCases: typedNew(2) })]);
    expect(totals).toEqual([
      expect.objectContaining({
        reportedOn: '2024-03-03',
        isPastEntry: true,
        counts: expect.objectContaining({ reportedCases: figure(12, 2) }),
      }),
    ]);
  });

  it('with propagation, the later totals of the location up to the date rise by the new cases', () => {
    const totals = totalsOf(
      [...history, entry('h', '2024-03-03', { reportedCases: typedNew(2) })],
      '2024-03-06',
    );
    expect(totals.map((t) => [t.reportedOn, t.counts.reportedCases, t.isPropagationEntry])).toEqual(
      [
        ['2024-03-03', figure(12, 2), false],
        ['2024-03-05', { ...stored(22, 10), userEntered: null }, true],
      ],
    );
    const all = totalsOf(
      [...history, entry('h', '2024-03-03', { reportedCases: typedNew(2) })],
      '2024-03-31',
    );
    expect(
      all.filter((t) => t.isPropagationEntry).map((t) => t.counts.reportedCases.cumulative),
    ).toEqual([22, 28]);
  });

  it('propagation stops at a reporting period boundary', () => {
    const withEnd = [
      ...history,
      periodEntry('end', EntryType.END_REPORTING_PERIOD, '2024-03-05'),
      entry('h', '2024-03-03', { reportedCases: typedNew(2) }),
    ];
    expect(
      totalsOf(withEnd, '2024-03-31')
        .filter((t) => t.isPropagationEntry)
        .map((t) => t.reportedOn),
    ).toEqual(['2024-03-05']);
    const withNew = [
      ...history,
      periodEntry('new', EntryType.NEW_REPORTING_PERIOD, '2024-03-05'),
      entry('h', '2024-03-03', { reportedCases: typedNew(2) }),
    ];
    expect(totalsOf(withNew, '2024-03-31').filter((t) => t.isPropagationEntry)).toEqual([]);
  });
});
