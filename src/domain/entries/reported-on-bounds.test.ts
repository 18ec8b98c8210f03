import { describe, expect, it } from 'vitest';
import { caseDataReportedOnBounds, periodEntryEarliest } from './reported-on-bounds';

describe('caseDataReportedOnBounds', () => {
  it('the first uncommitted entry: from the previous committed entry to today', () => {
    expect(
      caseDataReportedOnBounds({
        previousCommittedOn: '2024-03-01',
        otherUncommittedOn: [],
        today: '2024-03-20',
      }),
    ).toEqual({ earliest: '2024-03-01', latest: '2024-03-20' });
  });

  it('with other uncommitted entries: up to the latest of them; undated ones ignored', () => {
    expect(
      caseDataReportedOnBounds({
        previousCommittedOn: null,
        otherUncommittedOn: ['2024-03-05', '2024-03-09', null, 'nope'],
        today: '2024-03-20',
      }),
    ).toEqual({ earliest: null, latest: '2024-03-09' });
  });

  it('never beyond today', () => {
    expect(
      caseDataReportedOnBounds({
        previousCommittedOn: null,
        otherUncommittedOn: ['2024-04-01'],
        today: '2024-03-20',
      }).latest,
    ).toBe('2024-03-20');
  });
});

describe('periodEntryEarliest', () => {
  it('the day after the later of the latest period end or start', () => {
    expect(
      periodEntryEarliest({
        latestPeriod: { startDate: '2024-01-01', endDate: '2024-02-10' },
        lastEntryDate: '2024-02-10',
      }),
    ).toBe('2024-02-11');
    expect(
      periodEntryEarliest({
        latestPeriod: { startDate: '2024-01-01', endDate: null },
        lastEntryDate: null,
      }),
    ).toBe('2024-01-02');
  });

  it('never before the last entry date', () => {
    expect(
      periodEntryEarliest({
        latestPeriod: { startDate: '2024-01-01', endDate: null },
        lastEntryDate: '2024-03-15',
      }),
    ).toBe('2024-03-15');
  });

  it('without periods: the day after the last entry; without either: unbounded', () => {
    expect(periodEntryEarliest({ latestPeriod: null, lastEntryDate: '2024-03-15' })).toBe(
      '2024-03-16',
    );
    expect(periodEntryEarliest({ latestPeriod: null, lastEntryDate: null })).toBeNull();
  });
});
