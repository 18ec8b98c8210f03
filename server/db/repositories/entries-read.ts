import type { SQL, Table } from 'drizzle-orm';
import { and, asc, eq, getTableColumns, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CaseCount, CaseCounts } from '@domain/entries/case-figures';
import type { ReportJson } from '@domain/entries/entries-api';
import { collectionEtag } from '@domain/entries/entries-api';
import { EntryType, ReportStatus } from '@domain/enums';
import type { Db } from '../client';
import {
  descriptionVersions,
  locations,
  reportArticles,
  reportCollections,
  reports,
  users,
} from '../schema';

/**
 * Reading reports as the entries calls answer them (src/domain/entries/entries-api.ts
 * ReportJson) and as the entries rules take them (counts of a case report).
 */

const reportUser = alias(users, 'report_user');
const collectionUser = alias(users, 'collection_user');
const originPlace = alias(locations, 'origin_place');

/**
 * Columns no answer reads: left out of the read (two timestamps a row, each a Date made and
 * dropped, and the ids the query's joins already hold).
 */
export const unreadReportColumns = [
  'createdAt',
  'updatedAt',
  'diseaseActivityId',
  'reportCollectionId',
  'reportingPeriodId',
] as const;
export const unreadCollectionColumns = [
  'createdAt',
  'updatedAt',
  'diseaseActivityId',
  'countryId',
  'lastUpdatedByUserId',
] as const;

/** A stored report with its collection and the names of who touched them. */
export interface StoredReport {
  readonly report: Omit<typeof reports.$inferSelect, (typeof unreadReportColumns)[number]>;
  readonly collection: Omit<
    typeof reportCollections.$inferSelect,
    (typeof unreadCollectionColumns)[number]
  >;
  readonly reportUserGiven: string | null;
  readonly reportUserFamily: string | null;
  readonly reportUserInitials: string | null;
  readonly collectionUserGiven: string | null;
  readonly collectionUserFamily: string | null;
  readonly originLocation: string | null;
  /** The ids of the articles linked to it, ascending. */
  readonly articleIds: readonly number[];
  /** A situational update with an earlier version kept (description_versions). */
  readonly hasPreviousVersion: boolean;
}

const fullName = (given: string | null, family: string | null) =>
  given === null && family === null ? null : `${given ?? ''} ${family ?? ''}`.trim();

/**
 * A table's row, less the `unread` columns, as one JSON array the database builds (its columns in Drizzle's order:
 * no column name repeated per row, as `row_to_json` would), and its reader: each value mapped
 * as Drizzle maps the driver's value (a timestamp's text to a Date; dates stay text).
 */
function jsonRowOf<T extends Table, K extends keyof T['$inferSelect'] & string>(
  table: T,
  unread: readonly K[],
) {
  const columns = Object.entries(getTableColumns(table)).filter(
    ([key]) => !(unread as readonly string[]).includes(key),
  );
  const select = sql`json_build_array(${sql.join(
    columns.map(([, column]) => column),
    sql`, `,
  )})`;
  const read = (values: readonly unknown[]): Omit<T['$inferSelect'], K> => {
    const row: Record<string, unknown> = {};
    columns.forEach(([key, column], i) => {
      const value = values[i];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    });
    return row as Omit<T['$inferSelect'], K>;
  };
  return { select, read };
}
const reportJsonRow = jsonRowOf(reports, unreadReportColumns);
const collectionJsonRow = jsonRowOf(reportCollections, unreadCollectionColumns);

/**
 * Reports matching `where`, ordered by location, day and id, with collection and users. Read
 * as one JSON text the database builds: decoding a few thousand wide rows one by one was most
 * of the 1,000-location detail call's time on PGlite (145 ms of rows for 17 ms of query;
 * issue 31), as it was for the rules' history (committedRuleRows).
 */
export async function selectReports(db: Db, where: SQL | undefined): Promise<StoredReport[]> {
  const [answer] = await db
    .select({
      rows: sql<string | null>`json_agg(json_build_array(
        ${reportJsonRow.select}, ${collectionJsonRow.select},
        ${reportUser.givenName}, ${reportUser.familyName}, ${reportUser.initials},
        ${collectionUser.givenName}, ${collectionUser.familyName}, ${originPlace.displayName},
        (select coalesce(json_agg(${reportArticles.articleId} order by ${reportArticles.articleId}), '[]')
          from ${reportArticles} where ${reportArticles.reportId} = ${reports.id}),
        ${reports.type} = ${EntryType.DESCRIPTION} and exists (select 1 from ${descriptionVersions}
          where ${descriptionVersions.reportId} = ${reports.id}))
        order by ${reports.locationId}, ${reports.reportedOn}, ${reports.id})::text`,
    })
    .from(reports)
    .innerJoin(reportCollections, eq(reportCollections.id, reports.reportCollectionId))
    .leftJoin(reportUser, eq(reportUser.id, reports.updatedByUserId))
    .leftJoin(collectionUser, eq(collectionUser.id, reportCollections.lastUpdatedByUserId))
    .leftJoin(originPlace, eq(originPlace.id, reports.originLocationId))
    .where(where);
  if (answer?.rows == null) return [];
  type Name = string | null;
  const rows = JSON.parse(answer.rows) as readonly (readonly [
    readonly unknown[],
    readonly unknown[],
    Name,
    Name,
    Name,
    Name,
    Name,
    Name,
    readonly number[],
    boolean,
  ])[];
  return rows.map((row) => ({
    report: reportJsonRow.read(row[0]),
    collection: collectionJsonRow.read(row[1]),
    reportUserGiven: row[2],
    reportUserFamily: row[3],
    reportUserInitials: row[4],
    collectionUserGiven: row[5],
    collectionUserFamily: row[6],
    originLocation: row[7],
    articleIds: row[8],
    hasPreviousVersion: row[9],
  }));
}

type ReportRow = typeof reports.$inferSelect;

/**
 * The columns the entries rules read of a stored report (sourceOfRow): a read of a large
 * history selects these only (PGlite's row decoding is most of such a read's time).
 */
export const ruleColumns = {
  locationId: reports.locationId,
  type: reports.type,
  reportedOn: reports.reportedOn,
  reportStatus: reports.reportStatus,
  reportedCumulative: reports.reportedCumulative,
  reportedNewCases: reports.reportedNewCases,
  reportedUserEntered: reports.reportedUserEntered,
  reportedComputed: reports.reportedComputed,
  suspectedCumulative: reports.suspectedCumulative,
  suspectedNewCases: reports.suspectedNewCases,
  suspectedUserEntered: reports.suspectedUserEntered,
  suspectedComputed: reports.suspectedComputed,
  confirmedCumulative: reports.confirmedCumulative,
  confirmedNewCases: reports.confirmedNewCases,
  confirmedUserEntered: reports.confirmedUserEntered,
  confirmedComputed: reports.confirmedComputed,
  deathsCumulative: reports.deathsCumulative,
  deathsNewCases: reports.deathsNewCases,
  deathsUserEntered: reports.deathsUserEntered,
  deathsComputed: reports.deathsComputed,
  sourceId: reports.sourceId,
  autoSurveillanceCaseId: reports.autoSurveillanceCaseId,
};

/** A stored report as far as the entries rules read it. */
export type RuleRow = Pick<ReportRow, keyof typeof ruleColumns>;

const count = (
  cumulative: number | null,
  newCases: number | null,
  userEntered: CaseCount['userEntered'],
  computed: boolean,
): CaseCount => ({ cumulative, newCases, userEntered, computed });

/** The four figures of a stored case report. */
export function countsOfRow(r: RuleRow): CaseCounts {
  return {
    reportedCases: count(
      r.reportedCumulative,
      r.reportedNewCases,
      r.reportedUserEntered,
      r.reportedComputed,
    ),
    suspectedCases: count(
      r.suspectedCumulative,
      r.suspectedNewCases,
      r.suspectedUserEntered,
      r.suspectedComputed,
    ),
    confirmedCases: count(
      r.confirmedCumulative,
      r.confirmedNewCases,
      r.confirmedUserEntered,
      r.confirmedComputed,
    ),
    deaths: count(r.deathsCumulative, r.deathsNewCases, r.deathsUserEntered, r.deathsComputed),
  };
}

/** The columns of four figures, for an insert or update. */
export function columnsOfCounts(c: CaseCounts) {
  return {
    reportedCumulative: c.reportedCases.cumulative,
    reportedNewCases: c.reportedCases.newCases,
    reportedUserEntered: c.reportedCases.userEntered,
    reportedComputed: c.reportedCases.computed,
    suspectedCumulative: c.suspectedCases.cumulative,
    suspectedNewCases: c.suspectedCases.newCases,
    suspectedUserEntered: c.suspectedCases.userEntered,
    suspectedComputed: c.suspectedCases.computed,
    confirmedCumulative: c.confirmedCases.cumulative,
    confirmedNewCases: c.confirmedCases.newCases,
    confirmedUserEntered: c.confirmedCases.userEntered,
    confirmedComputed: c.confirmedCases.computed,
    deathsCumulative: c.deaths.cumulative,
    deathsNewCases: c.deaths.newCases,
    deathsUserEntered: c.deaths.userEntered,
    deathsComputed: c.deaths.computed,
  };
}

const caseTypes: ReadonlySet<number> = new Set([
  EntryType.CASE_DATA,
  EntryType.AUTO_SURVEILLANCE,
  EntryType.PROCESSED,
]);

function asEntryType(type: number): EntryType {
  const known = Object.values(EntryType).find((t) => t === type);
  if (known === undefined) throw new Error(`unknown report type ${type}`);
  return known;
}

function asReportStatus(status: number | null): ReportStatus | null {
  if (status === null) return null;
  const known = Object.values(ReportStatus).find((s) => s === status);
  if (known === undefined) throw new Error(`unknown report status ${status}`);
  return known;
}

/** The entry type and status of a stored report, checked. */
export const typeOf = (r: Pick<ReportRow, 'type'>) => asEntryType(r.type);
export const statusOf = (r: Pick<ReportRow, 'reportStatus'>) => asReportStatus(r.reportStatus);

/** The answer form of stored reports. */
export const toReportJson = (rows: readonly StoredReport[]): ReportJson[] => rows.map(reportJson);

function reportJson(row: StoredReport): ReportJson {
  const { hasPreviousVersion } = row;
  const articles = [...row.articleIds];
  const r = row.report;
  const c = row.collection;
  const type = asEntryType(r.type);
  const commitDate = c.commitDate === null ? null : c.commitDate.toISOString();
  const common = {
    id: r.id,
    locationId: r.locationId,
    type,
    reportedOn: r.reportedOn,
    reportStatus: asReportStatus(r.reportStatus),
    articles,
    updatedByUserId: r.updatedByUserId,
    updatedByUserName: fullName(row.reportUserGiven, row.reportUserFamily),
    updatedBy: row.reportUserInitials,
    userEntriesCount: r.userEntriesCount,
    isNestingEntry: r.isNestingEntry,
    isPropagationEntry: r.isPropagationEntry,
    isPropagationTriggerEntry: r.isPropagationTriggerEntry,
    reportCollection: {
      id: c.id,
      commitDate,
      lastUpdatedBy: fullName(row.collectionUserGiven, row.collectionUserFamily),
      propagationUptoDate: c.propagationUptoDate,
      etag: collectionEtag(c.id, c.version),
    },
  };
  if (caseTypes.has(type)) {
    return {
      ...common,
      ...countsOfRow(r),
      sourceId: r.sourceId,
      autoSurveillanceCaseId: r.autoSurveillanceCaseId,
      propagatedFromDate: r.propagatedFromDate,
    };
  }
  switch (type) {
    case EntryType.TRAVELLER:
      return {
        ...common,
        cases: r.travellerCases ?? 0,
        notes: r.notes,
        arrivalDate: r.arrivalDate,
        departureDate: r.departureDate,
        originId: r.originLocationId,
        originLocation: row.originLocation,
      };
    case EntryType.DESCRIPTION:
      return {
        ...common,
        title: r.title,
        description: r.description,
        importance: r.importance,
        updateReason: r.updateReason,
        commitDate,
        hasPreviousVersion,
      };
    case EntryType.INACTIVITY:
      return { ...common, description: r.description, inactivityReason: r.inactivityReason };
    case EntryType.NEW_REPORTING_PERIOD:
      return { ...common, reportingPeriodType: r.reportingPeriodType };
    default:
      return {
        ...common,
        reportingPeriodType: r.reportingPeriodType,
        startDate: r.periodStartDate,
      };
  }
}

/** Reports of one activity, deleted ones left out, narrowed by `more`. */
export const activityReports = (activityId: number, ...more: (SQL | undefined)[]) =>
  and(
    eq(reports.diseaseActivityId, activityId),
    sql`${reports.reportStatus} is distinct from ${ReportStatus.Deleted}`,
    ...more,
  );

/** An activity's committed Daily Totals, narrowed by `more`. */
export const committedDailyTotals = (activityId: number, ...more: (SQL | undefined)[]) =>
  and(
    eq(reports.diseaseActivityId, activityId),
    eq(reports.type, EntryType.PROCESSED),
    eq(reports.reportStatus, ReportStatus.Committed),
    ...more,
  );

/**
 * An activity's committed reports the case arithmetic walks (case data, auto surveillance, Daily
 * Totals, and the reporting periods that reset cumulatives), optionally only those before a day,
 * and only the case rows of some places (period entries always: they reset every place).
 */
export function committedArithmeticRows(
  db: Db,
  activityId: number,
  before?: string,
  locationIds?: readonly number[],
) {
  return (
    db
      .select()
      .from(reports)
      .where(committedArithmeticWhere(activityId, before, locationIds))
      // History order: the rules break ties between entries of one day and type by it, so the
      // server's walk and the worker's (committedTimeline) must see the same order.
      .orderBy(asc(reports.id))
  );
}

type RuleColumn = keyof typeof ruleColumns;
const ruleColumnNames = Object.keys(ruleColumns) as RuleColumn[];
const rulePosition = Object.fromEntries(ruleColumnNames.map((name, i) => [name, i])) as Record<
  RuleColumn,
  number
>;

/**
 * committedArithmeticRows of the whole history, only the columns the rules read, as one JSON
 * text the database builds (an array per row, in id order). Decoding 730,000 rows one by one
 * is most of such a read: PGlite took 1.4 s for 73,000 rows; one array per column was faster
 * on PGlite but node-postgres parses such arrays slowly (8-14 s at 730,000 rows); this JSON
 * 2.1-2.4 s on PostgreSQL plus 0.5 s of JSON.parse.
 */
export async function committedRuleRows(db: Db, activityId: number): Promise<RuleRow[]> {
  const fields = sql.join(
    ruleColumnNames.map((name) => ruleColumns[name]),
    sql`, `,
  );
  const [answer] = await db
    .select({
      rows: sql<string | null>`json_agg(json_build_array(${fields}) order by ${reports.id})::text`,
    })
    .from(reports)
    .where(committedArithmeticWhere(activityId));
  if (answer?.rows == null) return [];
  const rows = JSON.parse(answer.rows) as readonly (readonly unknown[])[];
  // The database typed each value (its column's type; a date is written YYYY-MM-DD in JSON).
  const at = <K extends RuleColumn>(row: readonly unknown[], name: K) =>
    row[rulePosition[name]] as RuleRow[K];
  return rows.map((row) => ({
    locationId: at(row, 'locationId'),
    type: at(row, 'type'),
    reportedOn: at(row, 'reportedOn'),
    reportStatus: at(row, 'reportStatus'),
    reportedCumulative: at(row, 'reportedCumulative'),
    reportedNewCases: at(row, 'reportedNewCases'),
    reportedUserEntered: at(row, 'reportedUserEntered'),
    reportedComputed: at(row, 'reportedComputed'),
    suspectedCumulative: at(row, 'suspectedCumulative'),
    suspectedNewCases: at(row, 'suspectedNewCases'),
    suspectedUserEntered: at(row, 'suspectedUserEntered'),
    suspectedComputed: at(row, 'suspectedComputed'),
    confirmedCumulative: at(row, 'confirmedCumulative'),
    confirmedNewCases: at(row, 'confirmedNewCases'),
    confirmedUserEntered: at(row, 'confirmedUserEntered'),
    confirmedComputed: at(row, 'confirmedComputed'),
    deathsCumulative: at(row, 'deathsCumulative'),
    deathsNewCases: at(row, 'deathsNewCases'),
    deathsUserEntered: at(row, 'deathsUserEntered'),
    deathsComputed: at(row, 'deathsComputed'),
    sourceId: at(row, 'sourceId'),
    autoSurveillanceCaseId: at(row, 'autoSurveillanceCaseId'),
  }));
}

/** Which rows committedArithmeticRows reads. */
function committedArithmeticWhere(
  activityId: number,
  before?: string,
  locationIds?: readonly number[],
) {
  return and(
    eq(reports.diseaseActivityId, activityId),
    eq(reports.reportStatus, ReportStatus.Committed),
    before === undefined ? undefined : lt(reports.reportedOn, before),
    inArray(reports.type, [
      EntryType.CASE_DATA,
      EntryType.AUTO_SURVEILLANCE,
      EntryType.PROCESSED,
      EntryType.NEW_REPORTING_PERIOD,
      EntryType.END_REPORTING_PERIOD,
    ]),
    locationIds === undefined
      ? undefined
      : or(
          inArray(reports.type, [EntryType.NEW_REPORTING_PERIOD, EntryType.END_REPORTING_PERIOD]),
          inArray(reports.locationId, [...locationIds]),
        ),
  );
}
