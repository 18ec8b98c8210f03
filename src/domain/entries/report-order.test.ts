import { describe, expect, it } from 'vitest';
import { EntryType, ReportStatus } from '../enums';
import { sortReports } from './report-order';

const r = (
  id: string,
  type: EntryType,
  reportStatus: ReportStatus | null,
  reportedOn: string | null,
  commitDate: string | null = null,
) => ({ id, type, reportStatus, reportedOn, commitDate });

describe('sortReports', () => {
  it('status (new, saved, committed), then reportedOn descending', () => {
    const list = sortReports([
      r('c1', EntryType.CASE_DATA, ReportStatus.Committed, '2024-03-01', '2024-03-01T10:00:00Z'),
      r('s1', EntryType.CASE_DATA, ReportStatus.Saved, '2024-03-03'),
      r('n1', EntryType.CASE_DATA, null, '2024-03-02'),
      r('c2', EntryType.CASE_DATA, ReportStatus.Committed, '2024-03-05', '2024-03-05T10:00:00Z'),
      r('s2', EntryType.CASE_DATA, ReportStatus.Saved, '2024-03-04'),
    ]);
    expect(list.map((x) => x.id)).toEqual(['n1', 's2', 's1', 'c2', 'c1']);
  });

  it('hides deleted reports', () => {
    expect(sortReports([r('d', EntryType.CASE_DATA, ReportStatus.Deleted, '2024-03-01')])).toEqual(
      [],
    );
  });

  it('same day: latest commit first, then by entry-type weight (latest in the day first)', () => {
    const day = '2024-03-05';
    const list = sortReports([
      r('new', EntryType.NEW_REPORTING_PERIOD, ReportStatus.Committed, day, '2024-03-05T09:00:00Z'),
      r('desc', EntryType.DESCRIPTION, ReportStatus.Committed, day, '2024-03-05T09:00:00Z'),
      r('case', EntryType.CASE_DATA, ReportStatus.Committed, day, '2024-03-05T09:00:00Z'),
      r('total', EntryType.PROCESSED, ReportStatus.Committed, day, '2024-03-05T09:00:00Z'),
      r('later', EntryType.CASE_DATA, ReportStatus.Committed, day, '2024-03-05T15:00:00Z'),
    ]);
    expect(list.map((x) => x.id)).toEqual(['later', 'total', 'case', 'desc', 'new']);
  });

  it('end-period entries sort at the far future within their status', () => {
    const list = sortReports([
      r('case', EntryType.CASE_DATA, ReportStatus.Committed, '2024-06-01', '2024-06-01T09:00:00Z'),
      r(
        'end',
        EntryType.END_REPORTING_PERIOD,
        ReportStatus.Committed,
        '2024-03-01',
        '2024-03-01T09:00:00Z',
      ),
      r('pendingCase', EntryType.CASE_DATA, null, '2024-06-02'),
      r('pendingEnd', EntryType.END_REPORTING_PERIOD, null, null),
    ]);
    expect(list.map((x) => x.id)).toEqual(['pendingEnd', 'pendingCase', 'end', 'case']);
  });
});
