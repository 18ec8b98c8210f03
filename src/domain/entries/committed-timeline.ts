import { Schema } from 'effect';
import { EntryType, ReportStatus } from '../enums';
import type { CaseCount, CaseCounts, CaseFigure, UserEntered } from './case-figures';
import { caseFigures, emptyCaseCount } from './case-figures';
import type { DailyTotalSource } from './daily-totals';

/**
 * GET …/countries/{countryId}/reports/committedTimeline: an activity's committed history as the
 * entries rules walk it (case data, auto surveillance, Daily Totals and period entries), with
 * its reporting periods, so the worker can run validateSubmission itself (issue 6). Columns,
 * not objects: at 1,000 locations × 365 days the history is some 730,000 entries, and one
 * array per field is a fraction of the JSON of one object per entry and parses far faster.
 *
 * Position i of every column is entry i, in the order the server read them. Days are an index
 * into `days`. A figure no entry carries is null rather than three columns of nulls. Every
 * entry is committed (the status is not sent). Articles are not sent: only the Daily Totals
 * a commit writes list them, and linking an article to a committed report does not change
 * the activity's version, the ETag of this answer.
 */

const isIntOrNull = (v: unknown) => v === null || Number.isSafeInteger(v);

/** An array checked in one loop (a Schema per element would cost seconds at 730,000 rows). */
const column = <A>(name: string, ok: (v: unknown) => boolean) =>
  Schema.declare((u: unknown): u is readonly A[] => Array.isArray(u) && u.every(ok), {
    identifier: name,
  });

const IntColumn = column<number>('IntColumn', Number.isSafeInteger);
const NullableIntColumn = column<number | null>('NullableIntColumn', isIntOrNull);
/** Sparse text: [position, value] pairs for the few entries that have one. */
const SparseText = Schema.Array(Schema.Tuple(Schema.Int, Schema.String));

/** One figure's columns: flags = userEntered (0 none, 1 newCases, 2 cumulative) + 4 if computed. */
const FigureColumns = Schema.NullOr(
  Schema.Struct({
    cumulative: NullableIntColumn,
    newCases: NullableIntColumn,
    flags: IntColumn,
  }),
);

export const PeriodSpanJson = Schema.Struct({
  startDate: Schema.String,
  endDate: Schema.NullOr(Schema.String),
});

export const CommittedTimelineJson = Schema.Struct({
  /** The activity's version (its ETag): the history changes only with it. */
  version: Schema.Int,
  /** Every reporting period, oldest first (the rules' latest and prior periods). */
  periods: Schema.Array(PeriodSpanJson),
  days: Schema.Array(Schema.String),
  locationId: IntColumn,
  type: IntColumn,
  day: IntColumn,
  figures: Schema.Struct({
    reportedCases: FigureColumns,
    suspectedCases: FigureColumns,
    confirmedCases: FigureColumns,
    deaths: FigureColumns,
  }),
  sourceId: SparseText,
  autoSurveillanceCaseId: SparseText,
});
export type CommittedTimelineJson = typeof CommittedTimelineJson.Type;

type FigureColumnsJson = NonNullable<CommittedTimelineJson['figures'][CaseFigure]>;

const userEnteredCode: Readonly<Record<UserEntered, number>> = { newCases: 1, cumulative: 2 };
const userEnteredOfCode: readonly (UserEntered | null)[] = [null, 'newCases', 'cumulative'];
const COMPUTED = 4;

const walked: ReadonlySet<number> = new Set([
  EntryType.CASE_DATA,
  EntryType.AUTO_SURVEILLANCE,
  EntryType.PROCESSED,
  EntryType.NEW_REPORTING_PERIOD,
  EntryType.END_REPORTING_PERIOD,
]);
const isWalked = (t: number): t is EntryType => walked.has(t);

/** The columns of committed entries (each must be dated: undated ones take no part). */
export function encodeCommittedTimeline(
  version: number,
  periods: readonly (typeof PeriodSpanJson.Type)[],
  entries: readonly DailyTotalSource[],
): CommittedTimelineJson {
  const dayIndex = new Map<string, number>();
  const locationId: number[] = [];
  const type: number[] = [];
  const day: number[] = [];
  const sourceId: [number, string][] = [];
  const autoSurveillanceCaseId: [number, string][] = [];
  const columns = caseFigures.map(() => ({
    cumulative: [] as (number | null)[],
    newCases: [] as (number | null)[],
    flags: [] as number[],
    used: false,
  }));
  for (const e of entries) {
    if (e.reportedOn === null) continue;
    const at = locationId.length;
    let d = dayIndex.get(e.reportedOn);
    if (d === undefined) dayIndex.set(e.reportedOn, (d = dayIndex.size));
    locationId.push(e.locationId);
    type.push(e.type);
    day.push(d);
    caseFigures.forEach((f, i) => {
      const c = e.counts?.[f] ?? emptyCaseCount;
      const col = columns[i];
      if (col === undefined) return;
      const flags =
        (c.userEntered === null ? 0 : userEnteredCode[c.userEntered]) + (c.computed ? COMPUTED : 0);
      if (c.cumulative !== null || c.newCases !== null || flags !== 0) col.used = true;
      col.cumulative.push(c.cumulative);
      col.newCases.push(c.newCases);
      col.flags.push(flags);
    });
    if (e.sourceId != null) sourceId.push([at, e.sourceId]);
    if (e.autoSurveillanceCaseId != null) {
      autoSurveillanceCaseId.push([at, e.autoSurveillanceCaseId]);
    }
  }
  const figure = (i: number): FigureColumnsJson | null => {
    const col = columns[i];
    return col?.used === true
      ? { cumulative: col.cumulative, newCases: col.newCases, flags: col.flags }
      : null;
  };
  return {
    version,
    periods,
    days: [...dayIndex.keys()],
    locationId,
    type,
    day,
    figures: {
      reportedCases: figure(0),
      suspectedCases: figure(1),
      confirmedCases: figure(2),
      deaths: figure(3),
    },
    sourceId,
    autoSurveillanceCaseId,
  };
}

/** A refused timeline answer: columns of different lengths, an unknown type or day. */
export class TimelineShapeError extends Error {
  constructor(detail: string) {
    super(`committed timeline: ${detail}`);
    this.name = 'TimelineShapeError';
  }
}

/** The entries of a decoded answer, as the rules take them (figures shared where blank). */
export function decodeCommittedTimeline(json: CommittedTimelineJson): DailyTotalSource[] {
  const n = json.locationId.length;
  const figureColumns = caseFigures.map((f) => json.figures[f]);
  const lengths = [
    json.type.length,
    json.day.length,
    ...figureColumns.flatMap((c) =>
      c === null ? [] : [c.cumulative.length, c.newCases.length, c.flags.length],
    ),
  ];
  if (lengths.some((l) => l !== n)) throw new TimelineShapeError('columns differ in length');
  const sources = new Map(json.sourceId);
  const autoIds = new Map(json.autoSurveillanceCaseId);
  const out: DailyTotalSource[] = new Array<DailyTotalSource>(n);
  const count = (c: FigureColumnsJson | null, i: number): CaseCount => {
    if (c === null) return emptyCaseCount;
    const cumulative = c.cumulative[i] ?? null;
    const newCases = c.newCases[i] ?? null;
    const flags = c.flags[i] ?? 0;
    if (cumulative === null && newCases === null && flags === 0) return emptyCaseCount;
    return {
      cumulative,
      newCases,
      userEntered: userEnteredOfCode[flags & 3] ?? null,
      computed: (flags & COMPUTED) !== 0,
    };
  };
  const [reported, suspected, confirmed, deaths] = figureColumns;
  for (let i = 0; i < n; i++) {
    const type = json.type[i] ?? -1;
    const reportedOn = json.days[json.day[i] ?? -1];
    if (!isWalked(type)) throw new TimelineShapeError(`entry ${i} has type ${type}`);
    if (reportedOn === undefined) throw new TimelineShapeError(`entry ${i} has no day`);
    const isPeriod =
      type === EntryType.NEW_REPORTING_PERIOD || type === EntryType.END_REPORTING_PERIOD;
    const counts: CaseCounts | null = isPeriod
      ? null
      : {
          reportedCases: count(reported ?? null, i),
          suspectedCases: count(suspected ?? null, i),
          confirmedCases: count(confirmed ?? null, i),
          deaths: count(deaths ?? null, i),
        };
    out[i] = {
      locationId: json.locationId[i] ?? 0,
      type,
      reportedOn,
      reportStatus: ReportStatus.Committed,
      counts,
      sourceId: sources.get(i) ?? null,
      autoSurveillanceCaseId: autoIds.get(i) ?? null,
    };
  }
  return out;
}
