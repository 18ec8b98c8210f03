import type { ReportStatus } from '../enums';
import { EntryType } from '../enums';
import type { CaseCount } from './case-figures';
import { mapFigures } from './case-figures';
import type { CaseCountInput, EntriesBody } from './entries-api';
import type { SubmittedEntry } from './submission';

/** The body keys of the entries lists, in the order they are read. */
export const entryListKeys = [
  'cases',
  'travellers',
  'descriptions',
  'inactivities',
  'reportingPeriods',
] as const;
export type EntryListKey = (typeof entryListKeys)[number];

const figure = (c: CaseCountInput): CaseCount => ({ ...c, computed: false });

/** One body entry with where it came from: its list, index and saved id (if any). */
export interface BodyEntry {
  readonly list: EntryListKey;
  readonly index: number;
  readonly id: number | undefined;
  readonly entry: SubmittedEntry;
}

/** What every body entry carries. */
interface CommonInput {
  readonly locationId: number;
  readonly reportedOn: string | null;
  readonly reportStatus: typeof ReportStatus.Deleted | null;
  readonly articles: readonly number[];
}

/**
 * The entries of a validate or save body as the submission rules take them, keyed
 * '{list}.{index}' (so a message names the entry the analyst sent).
 */
export function bodyEntries(body: EntriesBody): BodyEntry[] {
  const out: BodyEntry[] = [];
  const common = (list: EntryListKey, index: number, e: CommonInput) => ({
    key: `${list}.${index}`,
    locationId: e.locationId,
    reportedOn: e.reportedOn,
    reportStatus: e.reportStatus,
    articles: e.articles,
  });
  body.cases.forEach((c, i) =>
    out.push({
      list: 'cases',
      index: i,
      id: c.id,
      entry: {
        ...common('cases', i, c),
        type: c.type,
        counts: mapFigures((f) => figure(c[f])),
        sourceId: c.sourceId,
        autoSurveillanceCaseId: c.autoSurveillanceCaseId,
        fields: { kind: 'case', counts: mapFigures((f) => figure(c[f])), sourceId: c.sourceId },
      },
    }),
  );
  body.travellers.forEach((t, i) =>
    out.push({
      list: 'travellers',
      index: i,
      id: t.id,
      entry: {
        ...common('travellers', i, t),
        type: EntryType.TRAVELLER,
        counts: null,
        fields: {
          kind: 'traveller',
          cases: t.cases,
          arrivalDate: t.arrivalDate,
          departureDate: t.departureDate,
          originId: t.originId,
        },
      },
    }),
  );
  body.descriptions.forEach((d, i) =>
    out.push({
      list: 'descriptions',
      index: i,
      id: d.id,
      entry: {
        ...common('descriptions', i, d),
        type: EntryType.DESCRIPTION,
        counts: null,
        fields: {
          kind: 'description',
          title: d.title,
          description: d.description,
          importance: d.importance,
        },
      },
    }),
  );
  body.inactivities.forEach((n, i) =>
    out.push({
      list: 'inactivities',
      index: i,
      id: n.id,
      entry: {
        ...common('inactivities', i, n),
        type: EntryType.INACTIVITY,
        counts: null,
        fields: { kind: 'inactivity', inactivityReason: n.inactivityReason },
      },
    }),
  );
  body.reportingPeriods.forEach((p, i) =>
    out.push({
      list: 'reportingPeriods',
      index: i,
      id: p.id,
      entry: {
        ...common('reportingPeriods', i, p),
        type: p.type,
        counts: null,
        fields: { kind: 'period', reportingPeriodType: p.reportingPeriodType },
      },
    }),
  );
  return out;
}
