import { describe, expect, it } from 'vitest';
import { CommitStatus, EntryType } from '../enums';
import type { AddEntryState } from './add-entry';
import { addEntryOptions, canAddEntry, isAddableEntryType } from './add-entry';

const country: AddEntryState = {
  locationId: 1,
  isCountryLocation: true,
  readOnly: false,
  commitStatus: CommitStatus.FullyCommitted,
  hasActivePeriod: true,
  propagationOn: false,
  pending: [],
};
const city: AddEntryState = { ...country, locationId: 2, isCountryLocation: false };

const enabled = (state: AddEntryState) =>
  addEntryOptions(state)
    .filter((o) => o.enabled)
    .map((o) => o.label);

describe('add-entry options', () => {
  it('offers the picker in its order with its labels', () => {
    expect(addEntryOptions(country).map((o) => o.label)).toEqual([
      'Case Data',
      'Traveller',
      'Situational Update',
      'Check-in',
      'New Reporting Period',
      'End Reporting Period',
    ]);
  });

  it('an active period allows an end, not a new one; none active the reverse', () => {
    expect(enabled(country)).toEqual([
      'Case Data',
      'Traveller',
      'Situational Update',
      'Check-in',
      'End Reporting Period',
    ]);
    expect(enabled({ ...country, hasActivePeriod: false })).toContain('New Reporting Period');
    expect(enabled({ ...country, hasActivePeriod: false })).not.toContain('End Reporting Period');
  });

  it('period entries and check-ins only on country-level locations', () => {
    expect(enabled(city)).toEqual(['Case Data', 'Traveller', 'Situational Update']);
  });

  it.each([CommitStatus.New, CommitStatus.Uncommitted, CommitStatus.PartiallyCommitted])(
    'no period entry while the commit status is %s',
    (commitStatus) => {
      expect(canAddEntry(EntryType.END_REPORTING_PERIOD, { ...country, commitStatus })).toBe(false);
    },
  );

  it('no period entry while another entry type is pending, or one of its type exists', () => {
    const otherPending = {
      ...country,
      pending: [{ locationId: 2, type: EntryType.TRAVELLER, reportedOn: '2024-03-01' }],
    };
    expect(canAddEntry(EntryType.END_REPORTING_PERIOD, otherPending)).toBe(false);
    const samePending = {
      ...country,
      pending: [{ locationId: 1, type: EntryType.END_REPORTING_PERIOD, reportedOn: null }],
    };
    expect(canAddEntry(EntryType.END_REPORTING_PERIOD, samePending)).toBe(false);
  });

  it('a pending period entry blocks every other type', () => {
    const state = {
      ...country,
      pending: [{ locationId: 1, type: EntryType.END_REPORTING_PERIOD, reportedOn: '2024-03-01' }],
    };
    expect(enabled(state)).toEqual([]);
  });

  it('case data: not while an existing case entry lacks a valid date, nor while propagating', () => {
    const undated = {
      ...city,
      pending: [{ locationId: 3, type: EntryType.CASE_DATA, reportedOn: null }],
    };
    expect(canAddEntry(EntryType.CASE_DATA, undated)).toBe(false);
    const invalid = {
      ...city,
      pending: [{ locationId: 2, type: EntryType.CASE_DATA, reportedOn: '2024-02-30' }],
    };
    expect(canAddEntry(EntryType.CASE_DATA, invalid)).toBe(false);
    const dated = {
      ...city,
      pending: [{ locationId: 2, type: EntryType.CASE_DATA, reportedOn: '2024-02-28' }],
    };
    expect(canAddEntry(EntryType.CASE_DATA, dated)).toBe(true);
    expect(canAddEntry(EntryType.CASE_DATA, { ...city, propagationOn: true })).toBe(false);
  });

  it('other types: not when one of that type is already pending at the location', () => {
    const here = {
      ...city,
      pending: [{ locationId: 2, type: EntryType.TRAVELLER, reportedOn: '2024-03-01' }],
    };
    expect(canAddEntry(EntryType.TRAVELLER, here)).toBe(false);
    expect(canAddEntry(EntryType.DESCRIPTION, here)).toBe(true);
    const elsewhere = {
      ...city,
      pending: [{ locationId: 9, type: EntryType.TRAVELLER, reportedOn: '2024-03-01' }],
    };
    expect(canAddEntry(EntryType.TRAVELLER, elsewhere)).toBe(true);
  });

  it('nothing while manual entry is read-only (auto-surveillance pending)', () => {
    expect(enabled({ ...country, readOnly: true })).toEqual([]);
  });
});

describe('isAddableEntryType', () => {
  it('is true for the six types the picker offers and false for the auto-surveillance and processed kinds', () => {
    const all = Object.values(EntryType);
    expect(all.filter(isAddableEntryType)).toEqual(
      expect.arrayContaining([
        EntryType.CASE_DATA,
        EntryType.TRAVELLER,
        EntryType.DESCRIPTION,
        EntryType.INACTIVITY,
        EntryType.NEW_REPORTING_PERIOD,
        EntryType.END_REPORTING_PERIOD,
      ]),
    );
    expect(all.filter(isAddableEntryType)).toHaveLength(6);
    expect(isAddableEntryType(EntryType.AUTO_SURVEILLANCE)).toBe(false);
    expect(isAddableEntryType(EntryType.PROCESSED)).toBe(false);
  });
});
