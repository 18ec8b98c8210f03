import fc from 'fast-check';
import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { EntryType, ReportStatus } from '../enums';
import type { CaseCount } from './case-figures';
import { emptyCaseCount, mapFigures } from './case-figures';
import {
  CommittedTimelineJson,
  TimelineShapeError,
  decodeCommittedTimeline,
  encodeCommittedTimeline,
} from './committed-timeline';
import type { DailyTotalSource } from './daily-totals';

const figure: fc.Arbitrary<CaseCount> = fc.oneof(
  fc.constant(emptyCaseCount),
  fc.record({
    cumulative: fc.option(fc.nat({ max: 10_000 }), { nil: null }),
    newCases: fc.option(fc.integer({ min: -50, max: 500 }), { nil: null }),
    userEntered: fc.constantFrom(null, 'newCases' as const, 'cumulative' as const),
    computed: fc.boolean(),
  }),
);

const entry: fc.Arbitrary<DailyTotalSource> = fc.oneof(
  fc.record({
    locationId: fc.integer({ min: 1, max: 9_000_000 }),
    type: fc.constantFrom(EntryType.CASE_DATA, EntryType.AUTO_SURVEILLANCE, EntryType.PROCESSED),
    reportedOn: fc.integer({ min: 1, max: 28 }).map((d) => `2024-02-${String(d).padStart(2, '0')}`),
    reportStatus: fc.constant(ReportStatus.Committed),
    counts: fc
      .tuple(figure, figure, figure, figure)
      .map(([r, s, c, d]) =>
        mapFigures((f) =>
          f === 'reportedCases' ? r : f === 'suspectedCases' ? s : f === 'confirmedCases' ? c : d,
        ),
      ),
    sourceId: fc.option(fc.string(), { nil: null }),
    autoSurveillanceCaseId: fc.option(fc.string(), { nil: null }),
  }),
  fc.record({
    locationId: fc.integer({ min: 1, max: 9_000_000 }),
    type: fc.constantFrom(EntryType.NEW_REPORTING_PERIOD, EntryType.END_REPORTING_PERIOD),
    reportedOn: fc.constant('2024-02-01'),
    reportStatus: fc.constant(ReportStatus.Committed),
    counts: fc.constant(null),
    sourceId: fc.constant(null),
    autoSurveillanceCaseId: fc.constant(null),
  }),
);

const decode = Schema.decodeUnknownSync(CommittedTimelineJson);
const periods = [{ startDate: '2024-02-01', endDate: null }];

describe('committed timeline columns', () => {
  it('decode(JSON of encode(entries)) gives the entries back, in order', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), (entries) => {
        const json = JSON.parse(JSON.stringify(encodeCommittedTimeline(7, periods, entries)));
        const back = decodeCommittedTimeline(decode(json));
        expect(back).toEqual(entries);
      }),
      { numRuns: 200 },
    );
  });

  it('sends a figure no entry carries as null, and leaves undated entries out', () => {
    const counts = mapFigures((f) =>
      f === 'reportedCases'
        ? { cumulative: 3, newCases: 3, userEntered: 'newCases' as const, computed: false }
        : emptyCaseCount,
    );
    const json = encodeCommittedTimeline(
      1,
      [],
      [
        {
          locationId: 5,
          type: EntryType.CASE_DATA,
          reportedOn: '2024-02-02',
          reportStatus: ReportStatus.Committed,
          counts,
        },
        {
          locationId: 5,
          type: EntryType.CASE_DATA,
          reportedOn: null,
          reportStatus: ReportStatus.Committed,
          counts,
        },
      ],
    );
    expect(json.locationId).toEqual([5]);
    expect(json.figures.deaths).toBeNull();
    expect(json.figures.reportedCases).toEqual({ cumulative: [3], newCases: [3], flags: [1] });
  });

  it('refuses columns of different lengths, unknown types and days, and non-integers', () => {
    const good = encodeCommittedTimeline(
      1,
      [],
      [
        {
          locationId: 5,
          type: EntryType.PROCESSED,
          reportedOn: '2024-02-02',
          reportStatus: ReportStatus.Committed,
          counts: null,
        },
      ],
    );
    expect(() => decodeCommittedTimeline({ ...good, type: [] })).toThrow(TimelineShapeError);
    expect(() => decodeCommittedTimeline({ ...good, type: [EntryType.TRAVELLER] })).toThrow(
      /type 2/,
    );
    expect(() => decodeCommittedTimeline({ ...good, day: [3] })).toThrow(/no day/);
    expect(() => decode({ ...good, locationId: [1.5] })).toThrow(/IntColumn/);
    expect(() => decode({ ...good, locationId: 'x' })).toThrow();
  });
});
