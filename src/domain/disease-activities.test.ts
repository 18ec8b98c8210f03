import { describe, expect, it } from 'vitest';
import { autoSurveillanceReviewOf } from './auto-surveillance-review';
import { commitStatusOf } from './commit-status';
import {
  isRiskModelOffered,
  maxDaysNeededForUpdate,
  newActivityDefaults,
  riskModelForSpecies,
  validateNewActivity,
} from './disease-activities';
import { daysBetween, updateStatusOf } from './update-status';

const today = '2026-11-24';
const valid = {
  ...newActivityDefaults,
  diseaseId: 3,
  countryId: 6,
  speciesId: 1,
  riskModelId: 1,
  totalCountStartDate: '2026-11-01',
  reportingPeriodType: 'NewSeason',
};

describe('validateNewActivity', () => {
  it('accepts the defaults once the pickers are filled', () => {
    expect(validateNewActivity(valid, today)).toEqual([]);
  });
  it('names the field of each message', () => {
    expect(validateNewActivity({ ...valid, diseaseId: null, allowedDaysGap: 1001 }, today)).toEqual(
      [
        { field: 'diseaseId', message: 'Disease is required' },
        { field: 'allowedDaysGap', message: 'Update frequency cannot be more than 1000 days' },
      ],
    );
  });
  it('bounds the start date by 2000/01/01 and today', () => {
    const msg = (d: string) => validateNewActivity({ ...valid, totalCountStartDate: d }, today);
    expect(msg('2000-01-01')).toEqual([]);
    expect(msg(today)).toEqual([]);
    expect(msg('2026-11-25')).toHaveLength(1);
    expect(msg('1999-12-31')).toHaveLength(1);
  });
  it('allows daysNeededForUpdate up to one year from today', () => {
    expect(maxDaysNeededForUpdate('2026-11-24')).toBe(365);
    expect(maxDaysNeededForUpdate('2027-11-24')).toBe(366);
    expect(validateNewActivity({ ...valid, daysNeededForUpdate: 365 }, today)).toEqual([]);
    expect(validateNewActivity({ ...valid, daysNeededForUpdate: 366 }, today)).toEqual([
      { field: 'daysNeededForUpdate', message: 'Cannot be more than 1 year from now' },
    ]);
  });
});

describe('risk model rules', () => {
  it('human sets 1, others 0; species above 1 hide risk model 1', () => {
    expect(riskModelForSpecies(1)).toBe(1);
    expect(riskModelForSpecies(4)).toBe(0);
    expect(isRiskModelOffered(1, 2)).toBe(false);
    expect(isRiskModelOffered(2, 2)).toBe(true);
    expect(isRiskModelOffered(1, 1)).toBe(true);
    expect(isRiskModelOffered(1, null)).toBe(true);
  });
});

describe('status rules', () => {
  const counts = {
    reports: 4,
    uncommitted: 0,
    hasAutoSurveillance: false,
    lastCommitByAuto: false,
  };
  it('commit status', () => {
    expect(commitStatusOf({ ...counts, reports: 0 })).toBe('New');
    expect(commitStatusOf({ ...counts, uncommitted: 4 })).toBe('Uncommitted');
    expect(commitStatusOf({ ...counts, uncommitted: 1 })).toBe('PartiallyCommited');
    expect(commitStatusOf(counts)).toBe('FullyCommitted');
    expect(commitStatusOf({ ...counts, hasAutoSurveillance: true, lastCommitByAuto: true })).toBe(
      'AutoCommitted',
    );
    expect(commitStatusOf({ ...counts, hasAutoSurveillance: true })).toBe('UserCommitted');
  });
  it('update status from daysNeededForUpdate', () => {
    const facts = {
      periodOpen: true,
      lastUpdate: '2026-11-10T10:00:00Z',
      daysNeededForUpdate: 14,
      today,
    };
    expect(daysBetween(facts.lastUpdate, today)).toBe(14);
    expect(updateStatusOf(facts)).toBe(0);
    expect(updateStatusOf({ ...facts, lastUpdate: '2026-11-09' })).toBe(1);
    expect(updateStatusOf({ ...facts, periodOpen: false })).toBe(2);
  });
  it('auto-surveillance review', () => {
    const f = {
      hasAutoSurveillance: true,
      pending: 0,
      oldestPendingDays: 0,
      lastCommitByAuto: true,
    };
    expect(autoSurveillanceReviewOf({ ...f, hasAutoSurveillance: false })).toBe(0);
    expect(autoSurveillanceReviewOf(f)).toBe(2);
    expect(autoSurveillanceReviewOf({ ...f, lastCommitByAuto: false })).toBe(1);
    expect(autoSurveillanceReviewOf({ ...f, pending: 2, oldestPendingDays: 1 })).toBe(4);
    expect(autoSurveillanceReviewOf({ ...f, pending: 2, oldestPendingDays: 3 })).toBe(3);
  });
});
