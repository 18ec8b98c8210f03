import { describe, expect, it } from 'vitest';
import { EntryType, LocationType, ReportStatus } from '@/domain/enums';
import type { ReportJson } from '@/domain/entries/entries-api';
import { dayProblem, parseTypedDay } from './day-input';
import { entriesBody, newDraft, typeCaseValue } from './drafts';
import { acceptedNumberText } from './grid-keys';
import { committedRows, lastCommittedValues } from './location-rows';
import { locationMatches, orderLocations, pageOf, type ActivityLocation } from './location-order';

const place = (id: number, displayName: string, type: number = LocationType.City) =>
  ({
    id,
    name: displayName,
    type,
    parentId: null,
    displayName,
    population: null,
  }) satisfies ActivityLocation;

const count = (cumulative: number, newCases: number) => ({
  cumulative,
  newCases,
  userEntered: null,
  computed: false,
});

const report = (over: Partial<ReportJson>): ReportJson => ({
  id: 1,
  locationId: 10,
  type: EntryType.PROCESSED,
  reportedOn: '2026-01-02',
  reportStatus: ReportStatus.Committed,
  articles: [],
  updatedByUserId: null,
  updatedByUserName: null,
  updatedBy: null,
  userEntriesCount: 0,
  isNestingEntry: false,
  isPropagationEntry: false,
  isPropagationTriggerEntry: false,
  reportCollection: {
    id: 1,
    commitDate: '2026-01-02T10:00:00Z',
    lastUpdatedBy: null,
    propagationUptoDate: null,
    etag: '"collection-1-1"',
  },
  ...over,
});

describe('location order (spec 001 §2)', () => {
  const locations = [
    place(3, 'Zaria, Kaduna'),
    place(1, 'Nigeria', LocationType.Country),
    place(2, 'Abuja, Federal Capital Territory'),
    place(4, 'Kaduna', LocationType.State),
  ];
  it('puts countries first, then by reversed name parts (geographical, the default)', () => {
    expect(orderLocations(locations, 'geographical').map((l) => l.id)).toEqual([1, 2, 4, 3]);
  });
  it('orders by name when alphabetical', () => {
    expect(orderLocations(locations, 'alphabetical').map((l) => l.id)).toEqual([1, 2, 4, 3]);
    expect(
      orderLocations([place(5, 'B, A'), place(6, 'A, Z')], 'alphabetical').map((l) => l.id),
    ).toEqual([6, 5]);
    expect(
      orderLocations([place(5, 'B, A'), place(6, 'A, Z')], 'geographical').map((l) => l.id),
    ).toEqual([5, 6]);
  });
  it('pages 20 at a time and keeps the page in range', () => {
    const many = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(many, 3)).toMatchObject({ page: 3, pages: 3, items: [40, 41, 42, 43, 44] });
    expect(pageOf(many, 9).page).toBe(3);
    expect(pageOf([], 1)).toMatchObject({ page: 1, pages: 1, items: [] });
  });
  it('filters on the start of any word of the name', () => {
    expect(locationMatches(place(1, 'Zaria, Kaduna'), 'kad')).toBe(true);
    expect(locationMatches(place(1, 'Zaria, Kaduna'), 'aria')).toBe(false);
  });
});

describe('the drafts (numbers typed, body sent)', () => {
  it('takes whole numbers only, refusing the change rather than mangling it', () => {
    // A date typed into New Deaths once became 120261124 (issue 14).
    expect(acceptedNumberText('2026/11/24')).toBeNull();
    expect(acceptedNumberText('1.5e3-')).toBeNull();
    expect(acceptedNumberText('4,759')).toBe('4759');
    expect(acceptedNumberText('')).toBe('');
  });
  it('sends only the typed half of each figure, under its kind', () => {
    const draft = {
      ...newDraft(10, EntryType.CASE_DATA),
      reportedOn: '2026-01-03',
      counts: typeCaseValue(
        newDraft(10, EntryType.CASE_DATA).counts,
        'reportedCases',
        'newCases',
        5,
      ),
    };
    const body = entriesBody([draft], [{ id: 7, locationId: 10, type: EntryType.TRAVELLER }], {
      commitChanges: true,
      warningsAccepted: false,
    });
    expect(body.cases).toEqual([
      {
        locationId: 10,
        reportedOn: '2026-01-03',
        articles: [],
        type: EntryType.CASE_DATA,
        reportedCases: { cumulative: null, newCases: 5, userEntered: 'newCases' },
        suspectedCases: { cumulative: null, newCases: null, userEntered: null },
        confirmedCases: { cumulative: null, newCases: null, userEntered: null },
        deaths: { cumulative: null, newCases: null, userEntered: null },
      },
    ]);
    expect(body.travellers).toEqual([
      { id: 7, locationId: 10, reportStatus: ReportStatus.Deleted },
    ]);
    expect(body.commitChanges).toBe(true);
  });
  it('sends a traveller with empty boxes as nulls (empty is not zero)', () => {
    const body = entriesBody([{ ...newDraft(10, EntryType.TRAVELLER), cases: '' }], [], {
      commitChanges: false,
      warningsAccepted: false,
    });
    expect(body.travellers?.[0]).toMatchObject({
      cases: null,
      arrivalDate: null,
      reportedOn: null,
      originId: null,
    });
  });
  it("sends a traveller's origin as originId", () => {
    const origin = { id: 6167865, displayName: 'Toronto, Ontario' };
    const body = entriesBody([{ ...newDraft(10, EntryType.TRAVELLER), origin }], [], {
      commitChanges: false,
      warningsAccepted: false,
    });
    expect(body.travellers?.[0]).toMatchObject({ originId: 6167865 });
  });
});

describe('committed rows', () => {
  const figures = {
    reportedCases: count(10, 2),
    suspectedCases: count(0, 0),
    confirmedCases: count(0, 0),
    deaths: count(0, 0),
  };
  const reports = [
    report({ id: 1, reportedOn: '2026-01-01', ...figures }),
    report({ id: 2, reportedOn: '2026-01-02', ...figures, userEntriesCount: 1 }),
    report({ id: 3, reportedOn: '2026-01-02', type: EntryType.CASE_DATA, ...figures }),
    report({ id: 4, reportedOn: '2026-01-02', type: EntryType.DESCRIPTION }),
    report({
      id: 5,
      reportedOn: '2026-01-03',
      type: EntryType.PROCESSED,
      reportStatus: ReportStatus.Deleted,
    }),
  ];
  it('nests the case entries of a day under its Daily Total and marks the latest green', () => {
    const rows = committedRows(reports, null);
    expect(rows.map((r) => r.report.id)).toEqual([2, 4, 1]);
    expect(rows[0]?.userEntries.map((r) => r.id)).toEqual([3]);
    expect(rows.map((r) => r.latestTotal)).toEqual([true, false, false]);
  });
  it('narrows to the View filter', () => {
    expect(
      committedRows(reports, new Set([EntryType.DESCRIPTION])).map((r) => r.report.id),
    ).toEqual([4]);
  });
  it('gives the last committed cumulatives, latest first', () => {
    expect(lastCommittedValues(reports, 3).map((v) => v.reportedOn)).toEqual([
      '2026-01-02',
      '2026-01-01',
    ]);
  });
});

describe('typed days (YYYY/MM/DD)', () => {
  it('reads and bounds them', () => {
    expect(parseTypedDay('2026/1/5')).toBe('2026-01-05');
    expect(parseTypedDay('2026/02/30')).toBeNull();
    expect(dayProblem('2026/01/05', '2026-01-06', null)).toBe(
      'The date cannot be earlier than 2026/01/06.',
    );
    expect(dayProblem('2026/01/07', null, '2026-01-06')).toBe(
      'The date cannot be later than 2026/01/06.',
    );
    expect(dayProblem('', null, null)).toBeNull();
  });
});
