import { describe, expect, it } from 'vitest';
import { EntryType, ReportStatus } from '../enums';
import { commitAllowed, hasUnresolvedAutoSurveillance } from './commit-rules';

const ready = {
  isDirty: false,
  validationSucceeded: true,
  hasUnresolvedAutoSurveillance: false,
  hasPendingNewPeriod: false,
  reports: [{ reportStatus: null }],
};

describe('commitAllowed', () => {
  it('when clean, validated, no unresolved auto-surveillance and no pending new period', () => {
    expect(commitAllowed(ready)).toBe(true);
  });

  it.each([
    ['the form is dirty', { isDirty: true }],
    ['validation has not succeeded', { validationSucceeded: false }],
    ['auto-surveillance is unresolved', { hasUnresolvedAutoSurveillance: true }],
    ['a new-period entry is pending', { hasPendingNewPeriod: true }],
  ])('not when %s (and a new entry exists)', (_name, change) => {
    expect(commitAllowed({ ...ready, ...change })).toBe(false);
  });

  it('also when saved reports exist and all are saved or committed', () => {
    const dirty = { ...ready, isDirty: true, validationSucceeded: false };
    expect(
      commitAllowed({
        ...dirty,
        reports: [
          { reportStatus: ReportStatus.Saved },
          { reportStatus: ReportStatus.Committed },
          { reportStatus: ReportStatus.Deleted },
        ],
      }),
    ).toBe(true);
    expect(
      commitAllowed({
        ...dirty,
        reports: [{ reportStatus: ReportStatus.Saved }, { reportStatus: null }],
      }),
    ).toBe(false);
    expect(commitAllowed({ ...dirty, reports: [{ reportStatus: ReportStatus.Committed }] })).toBe(
      false,
    );
  });
});

it('hasUnresolvedAutoSurveillance: an auto-surveillance entry not committed and not deleted', () => {
  const as = (reportStatus: ReportStatus | null) => ({
    type: EntryType.AUTO_SURVEILLANCE,
    reportStatus,
  });
  expect(hasUnresolvedAutoSurveillance([as(ReportStatus.Saved)])).toBe(true);
  expect(
    hasUnresolvedAutoSurveillance([as(ReportStatus.Committed), as(ReportStatus.Deleted)]),
  ).toBe(false);
  expect(
    hasUnresolvedAutoSurveillance([
      { type: EntryType.CASE_DATA, reportStatus: ReportStatus.Saved },
    ]),
  ).toBe(false);
});
