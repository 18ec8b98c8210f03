import { describe, expect, it } from 'vitest';
import { MessageLevel } from '../enums';
import { messages } from '../messages';
import type { PropagationContext } from './propagation';
import { propagationAvailability, propagationDateBounds, validatePropagation } from './propagation';

const open: PropagationContext = {
  uncommittedCaseEntries: [{ reportedOn: '2024-03-05' }],
  lastCommittedProcessedDate: '2024-03-10',
  latestPeriod: { startDate: '2024-03-01', endDate: null },
  priorPeriods: [],
};
const tooltip =
  'You can only propagate a single case data entry for historical dates (earlier than 2024/03/10) for the current reporting period. Or, reported at least 1 day before the end of a prior reporting period.';

describe('propagationAvailability', () => {
  it('a single historic entry in the current period may propagate', () => {
    expect(propagationAvailability(open)).toEqual({
      available: true,
      reportedOn: '2024-03-05',
      period: open.latestPeriod,
    });
  });

  it.each([
    ['no uncommitted entry', { uncommittedCaseEntries: [] }],
    [
      'two uncommitted entries',
      { uncommittedCaseEntries: [{ reportedOn: '2024-03-05' }, { reportedOn: '2024-03-06' }] },
    ],
    [
      'an entry on the last Daily Total day',
      { uncommittedCaseEntries: [{ reportedOn: '2024-03-10' }] },
    ],
    ['an entry after it', { uncommittedCaseEntries: [{ reportedOn: '2024-03-11' }] }],
    ['an undated entry', { uncommittedCaseEntries: [{ reportedOn: null }] }],
    [
      'an entry before the current period',
      { uncommittedCaseEntries: [{ reportedOn: '2024-02-20' }] },
    ],
  ])('not with %s, and the tooltip says why', (_name, change) => {
    expect(propagationAvailability({ ...open, ...change })).toEqual({
      available: false,
      message: tooltip,
    });
  });

  it('the day before the last Daily Total is the latest that qualifies', () => {
    const entry = { uncommittedCaseEntries: [{ reportedOn: '2024-03-09' }] };
    expect(propagationAvailability({ ...open, ...entry }).available).toBe(true);
  });

  it('in a prior period: only at least 1 day before its end', () => {
    const withPrior = {
      ...open,
      priorPeriods: [{ startDate: '2024-01-01', endDate: '2024-02-20' }],
    };
    const on = (reportedOn: string) =>
      propagationAvailability({ ...withPrior, uncommittedCaseEntries: [{ reportedOn }] }).available;
    expect(on('2024-02-19')).toBe(true);
    expect(on('2024-02-20')).toBe(false);
    expect(on('2024-01-01')).toBe(true);
    expect(on('2023-12-31')).toBe(false);
  });

  it('a closed latest period counts as a prior one', () => {
    const closed = {
      ...open,
      latestPeriod: { startDate: '2024-03-01', endDate: '2024-03-20' },
      lastCommittedProcessedDate: '2024-03-15',
    };
    const on = (reportedOn: string) =>
      propagationAvailability({ ...closed, uncommittedCaseEntries: [{ reportedOn }] }).available;
    expect(on('2024-03-05')).toBe(true);
  });

  it('without any committed Daily Total there is nothing to propagate into and no date to name', () => {
    expect(propagationAvailability({ ...open, lastCommittedProcessedDate: null })).toEqual({
      available: false,
      message: null,
    });
  });
});

describe('validatePropagation', () => {
  const base = {
    propagate: true,
    propagateUptoDate: '2024-03-10',
    latestReportedOn: '2024-03-10',
    periodEndDate: null,
    today: '2024-03-20',
  };
  const err = (message: string) => ({
    level: MessageLevel.ERROR,
    message,
    field: 'propagateUptoDate',
  });

  it('nothing to check when not propagating', () => {
    expect(validatePropagation({ ...base, propagate: false, propagateUptoDate: null })).toEqual([]);
  });

  it('the date is required', () => {
    expect(validatePropagation({ ...base, propagateUptoDate: null })).toEqual([
      err(messages.propagationDateRequired),
    ]);
  });

  it('not earlier than the latest reported on date (the same day passes)', () => {
    expect(validatePropagation(base)).toEqual([]);
    expect(validatePropagation({ ...base, propagateUptoDate: '2024-03-09' })).toEqual([
      err(messages.propagationBeforeLatest),
    ]);
  });

  it('not beyond the reporting period (its end day passes)', () => {
    expect(validatePropagation({ ...base, periodEndDate: '2024-03-10' })).toEqual([]);
    expect(
      validatePropagation({
        ...base,
        propagateUptoDate: '2024-03-11',
        periodEndDate: '2024-03-10',
      }),
    ).toEqual([err(messages.propagationBeyondPeriod)]);
  });

  it('an open period reaches today, not beyond (future dates refused)', () => {
    expect(validatePropagation({ ...base, propagateUptoDate: '2024-03-20' })).toEqual([]);
    expect(validatePropagation({ ...base, propagateUptoDate: '2024-03-21' })).toEqual([
      err(messages.propagationBeyondPeriod),
    ]);
  });

  it('bounds: the latest reported-on date to the earlier of the period end and today', () => {
    const at = { latestReportedOn: '2024-03-10', today: '2024-03-20' };
    expect(propagationDateBounds({ ...at, periodEndDate: null })).toEqual({
      earliest: '2024-03-10',
      latest: '2024-03-20',
    });
    expect(propagationDateBounds({ ...at, periodEndDate: '2024-03-15' }).latest).toBe('2024-03-15');
    expect(propagationDateBounds({ ...at, periodEndDate: '2024-04-01' }).latest).toBe('2024-03-20');
  });
});
