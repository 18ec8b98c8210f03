import { eq, gte, lt } from 'drizzle-orm';
import { addDays } from '@domain/calendar-day';
import { recomputeEntries } from '@domain/entries/case-arithmetic';
import type { TimelineEntry } from '@domain/entries/case-arithmetic';
import { emptyCaseCounts } from '@domain/entries/case-figures';
import type {
  PreviousCaseDataJson,
  ReportJson,
  ReportsFromDateJson,
} from '@domain/entries/entries-api';
import { compareReports } from '@domain/entries/report-order';
import { EntryType } from '@domain/enums';
import type { Db } from '../client';
import { reports } from '../schema';
import {
  activityReports,
  committedArithmeticRows,
  countsOfRow,
  selectReports,
  statusOf,
  toReportJson,
  typeOf,
} from './entries-read';

/** Sorts answers in the entries table's order (the commit date is the collection's). */
const ordered = (list: readonly ReportJson[]) => {
  const view = (r: ReportJson) => ({ ...r, commitDate: r.reportCollection.commitDate });
  return [...list].sort((a, b) => compareReports(view(a), view(b)));
};

/** Reports of a location dated before `caseDate` (within `numDays` when given), by kind. */
export async function reportsFromDate(
  db: Db,
  activityId: number,
  locationId: number,
  caseDate: string,
  numDays: number | undefined,
): Promise<ReportsFromDateJson> {
  const rows = await selectReports(
    db,
    activityReports(
      activityId,
      eq(reports.locationId, locationId),
      lt(reports.reportedOn, caseDate),
      numDays === undefined ? undefined : gte(reports.reportedOn, addDays(caseDate, -numDays)),
    ),
  );
  const json = toReportJson(rows);
  const of = (...types: EntryType[]) => ordered(json.filter((r) => types.includes(r.type)));
  return {
    processedCases: of(EntryType.PROCESSED, EntryType.CASE_DATA, EntryType.AUTO_SURVEILLANCE),
    descriptions: of(EntryType.DESCRIPTION),
    inactivities: of(EntryType.INACTIVITY),
    travellers: of(EntryType.TRAVELLER),
  };
}

/**
 * What a case entry on `caseDate` at the location follows: the committed entries before it,
 * walked by the shared arithmetic (reporting periods reset it), read off a blank probe entry.
 */
export async function previousCaseData(
  db: Db,
  activityId: number,
  locationId: number,
  caseDate: string,
): Promise<PreviousCaseDataJson> {
  const rows = await committedArithmeticRows(db, activityId, caseDate);
  const timeline: TimelineEntry[] = rows
    .filter((r) => r.locationId === locationId || r.type >= EntryType.NEW_REPORTING_PERIOD)
    .map((r) => ({
      locationId: r.locationId,
      type: typeOf(r),
      reportedOn: r.reportedOn,
      reportStatus: statusOf(r),
      counts: r.type >= EntryType.NEW_REPORTING_PERIOD ? null : countsOfRow(r),
    }));
  const probe: TimelineEntry = {
    locationId,
    type: EntryType.CASE_DATA,
    reportedOn: caseDate,
    reportStatus: null,
    counts: emptyCaseCounts,
  };
  const recomputed = recomputeEntries([...timeline, probe]);
  const previous = recomputed[recomputed.length - 1]?.previous;
  const f = previous?.figures;
  const anything = f !== undefined && Object.values(f).some((x) => x.cumulative !== null);
  return {
    reportedOn: anything ? (previous?.reportedOn ?? null) : null,
    caseData: {
      reportedCases: f?.reportedCases.cumulative ?? null,
      confirmedCases: f?.confirmedCases.cumulative ?? null,
      suspectedCases: f?.suspectedCases.cumulative ?? null,
      deaths: f?.deaths.cumulative ?? null,
    },
    newCaseData: {
      reportedCases: f?.reportedCases.newCases ?? null,
      confirmedCases: f?.confirmedCases.newCases ?? null,
      suspectedCases: f?.suspectedCases.newCases ?? null,
      deaths: f?.deaths.newCases ?? null,
    },
  };
}
