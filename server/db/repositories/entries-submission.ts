import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DailyTotalSource } from '@domain/entries/daily-totals';
import type { EntriesBody } from '@domain/entries/entries-api';
import type { BodyEntry } from '@domain/entries/submission-body';
import { bodyEntries } from '@domain/entries/submission-body';
import type {
  PropagationRequest,
  SubmissionContext,
  SubmissionLocation,
  SubmissionResult,
  SubmittedEntry,
  SubmittedFields,
} from '@domain/entries/submission';
import { validateSubmission } from '@domain/entries/submission';
import { EntryType, LocationType, ReportStatus } from '@domain/enums';
import { messages } from '@domain/messages';
import type { Db } from '../client';
import {
  articleDiseases,
  articles,
  diseaseActivitySummaries,
  locations,
  reportCollections,
  reportingPeriods,
  reports,
} from '../schema';
import type { FoundActivity } from './activity-detail';
import type { RuleRow } from './entries-read';
import { committedDailyTotals, countsOfRow, statusOf, typeOf } from './entries-read';
import type { PendingPlace, ReadCommitted } from './entries-window-read';
import { articlesOfReports, readCommittedWindow } from './entries-window-read';

/**
 * Everything a validate or save needs from the database, and the submission rules run on it
 * (src/domain/entries/submission.ts): the activity's committed entries, its periods and
 * places, and the saved entries of the collection being saved.
 */

/** A refused submission: the status and the messages in the spec's words. */
export class EntriesRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly errors: readonly string[],
  ) {
    super(errors.join('. '));
    this.name = 'EntriesRefusal';
  }
}

type ReportRow = typeof reports.$inferSelect;

/** The type-specific fields of a stored report, as the submission rules take them. */
function fieldsOfRow(r: ReportRow): SubmittedFields {
  switch (typeOf(r)) {
    case EntryType.CASE_DATA:
    case EntryType.AUTO_SURVEILLANCE:
    case EntryType.PROCESSED:
      return { kind: 'case', counts: countsOfRow(r), sourceId: r.sourceId };
    case EntryType.TRAVELLER:
      return {
        kind: 'traveller',
        cases: r.travellerCases,
        arrivalDate: r.arrivalDate,
        departureDate: r.departureDate,
        originId: r.originLocationId,
      };
    case EntryType.DESCRIPTION:
      return {
        kind: 'description',
        title: r.title,
        description: r.description,
        importance: r.importance,
      };
    case EntryType.INACTIVITY:
      return { kind: 'inactivity', inactivityReason: r.inactivityReason };
    default:
      return { kind: 'period', reportingPeriodType: r.reportingPeriodType };
  }
}

/** A stored report as a timeline entry of the rules. */
export function sourceOfRow(r: RuleRow, articles: readonly number[]): DailyTotalSource {
  const type = typeOf(r);
  const hasCounts =
    type === EntryType.CASE_DATA ||
    type === EntryType.AUTO_SURVEILLANCE ||
    type === EntryType.PROCESSED;
  return {
    locationId: r.locationId,
    type,
    reportedOn: r.reportedOn,
    reportStatus: statusOf(r),
    counts: hasCounts ? countsOfRow(r) : null,
    articles,
    sourceId: r.sourceId,
    autoSurveillanceCaseId: r.autoSurveillanceCaseId,
  };
}

/** Each place with a live dated entry in the submission, and its earliest such day. */
function pendingPlaces(submitted: readonly SubmittedEntry[]): PendingPlace[] {
  const first = new Map<number, string>();
  for (const e of submitted) {
    if (e.reportStatus === ReportStatus.Deleted || e.reportedOn === null) continue;
    const day = first.get(e.locationId);
    if (day === undefined || e.reportedOn < day) first.set(e.locationId, e.reportedOn);
  }
  return [...first].map(([locationId, firstDay]) => ({ locationId, firstDay }));
}

/** A submission ready to be checked: body entries merged with the collection's saved ones. */
export interface PreparedSubmission {
  readonly body: readonly BodyEntry[];
  /** Saved entries of the collection the body does not mention (kept as they are). */
  readonly keptSaved: readonly { readonly id: number; readonly entry: SubmittedEntry }[];
  readonly result: SubmissionResult;
  /** Committed rows of the activity the commit may rewrite (Daily Totals) by id. */
  readonly committedRows: readonly ReportRow[];
  readonly periods: readonly (typeof reportingPeriods.$inferSelect)[];
  readonly locationNames: ReadonlyMap<number, string>;
}

/**
 * Loads what the rules need and runs them. `collectionId` names the saved collection being
 * saved again (PUT), whose saved entries join the submission; its ids in the body must be its
 * own saved entries. Throws EntriesRefusal for a body that names what is not there.
 * `readCommitted` reads the committed history (the narrow window; a test passes the full read).
 */
export async function prepareSubmission(
  db: Db,
  found: FoundActivity,
  collectionId: number | null,
  body: EntriesBody,
  request: PropagationRequest,
  today: string,
  readCommitted: ReadCommitted = readCommittedWindow,
): Promise<PreparedSubmission> {
  const activityId = found.activity.diseaseActivityId;
  const countryId = found.activity.countryId;
  const entries = bodyEntries(body);

  let savedRows: ReportRow[] = [];
  if (collectionId !== null) {
    const [collection] = await db
      .select()
      .from(reportCollections)
      .where(eq(reportCollections.id, collectionId));
    if (collection === undefined || collection.diseaseActivityId !== activityId) {
      throw new EntriesRefusal(404, [messages.reportCollectionNotFound(collectionId)]);
    }
    if (collection.commitDate !== null) {
      throw new EntriesRefusal(409, [messages.reportCollectionCommitted(collectionId)]);
    }
    savedRows = await db
      .select()
      .from(reports)
      .where(
        and(
          eq(reports.reportCollectionId, collectionId),
          sql`${reports.reportStatus} is distinct from ${ReportStatus.Deleted}`,
        ),
      );
  }
  const savedById = new Map(savedRows.map((r) => [r.id, r]));
  const mentioned = new Set<number>();
  const problems: string[] = [];
  for (const e of entries) {
    if (e.id === undefined) continue;
    const row = savedById.get(e.id);
    if (row === undefined || collectionId === null) {
      problems.push(messages.notASavedEntry(e.id, collectionId));
    } else if (typeOf(row) !== e.entry.type) {
      problems.push(messages.reportWrongType(e.id, e.list));
    } else mentioned.add(e.id);
  }
  if (problems.length > 0) throw new EntriesRefusal(400, problems);

  const savedArticles = await articlesOfReports(db, [...savedById.keys()]);
  const keptSaved = savedRows
    .filter((r) => !mentioned.has(r.id))
    .map((r) => ({
      id: r.id,
      entry: {
        ...sourceOfRow(r, savedArticles.get(r.id) ?? []),
        key: `saved.${r.id}`,
        fields: fieldsOfRow(r),
      },
    }));

  // Committed entries take part in the arithmetic; other collections' saved ones do not. Only
  // what the rules can see is read: per place of the submission, from its last figures before
  // its earliest pending day on (src/domain/entries/timeline-window.ts), and the period entries.
  const submitted = [...entries.map((e) => e.entry), ...keptSaved.map((k) => k.entry)];
  const committedRead = await readCommitted(db, activityId, pendingPlaces(submitted));
  const committedRows = committedRead.rows;
  // The last Daily Total day bounds propagation only; the rules read it for nothing else.
  const [lastTotal] = request.propagate
    ? await db
        .select({ day: sql<string | null>`max(${reports.reportedOn})::text` })
        .from(reports)
        .where(committedDailyTotals(activityId))
    : [];
  const committed = committedRows.map((r) =>
    sourceOfRow(r, committedRead.articles.get(r.id) ?? []),
  );

  const placeIds = [...new Set([countryId, ...submitted.map((e) => e.locationId)])];
  const placeRows = await db
    .select({
      id: locations.id,
      name: locations.displayName,
      type: locations.locationType,
      countryId: locations.countryId,
    })
    .from(locations)
    .where(inArray(locations.id, placeIds));
  const places = new Map<number, SubmissionLocation>(
    placeRows.map((p) => [
      p.id,
      {
        name: p.name,
        isCountry: p.id === countryId && p.type === LocationType.Country,
        inActivity: p.id === countryId || p.countryId === countryId,
      },
    ]),
  );

  // Linked articles and traveller origins must exist (a foreign key would fail the write).
  const articleIds = [...new Set(submitted.flatMap((e) => e.articles ?? []))];
  const articleRows =
    articleIds.length === 0
      ? []
      : await db
          .select({ id: articles.articleId, diseaseId: articleDiseases.diseaseId })
          .from(articles)
          .leftJoin(articleDiseases, eq(articleDiseases.articleId, articles.articleId))
          .where(inArray(articles.articleId, articleIds));
  const articleDiseaseIds = new Map<number, number[]>();
  for (const r of articleRows) {
    const list = articleDiseaseIds.get(r.id) ?? [];
    if (r.diseaseId !== null) list.push(r.diseaseId);
    articleDiseaseIds.set(r.id, list);
  }
  const originIds = [
    ...new Set(body.travellers.flatMap((t) => (t.originId === null ? [] : [t.originId]))),
  ];
  const origins =
    originIds.length === 0
      ? new Set<number>()
      : new Set(
          (
            await db
              .select({ id: locations.id })
              .from(locations)
              .where(inArray(locations.id, originIds))
          ).map((r) => r.id),
        );
  const unknown = [
    ...articleIds
      .filter((id) => !articleDiseaseIds.has(id))
      .map((id) => messages.unknownReference('article', id)),
    ...originIds
      .filter((id) => !origins.has(id))
      .map((id) => messages.unknownReference('origin location', id)),
  ];
  if (unknown.length > 0) throw new EntriesRefusal(400, unknown);

  const periods = await db
    .select()
    .from(reportingPeriods)
    .where(eq(reportingPeriods.diseaseActivityId, activityId))
    .orderBy(asc(reportingPeriods.startDate), asc(reportingPeriods.id));
  const spans = periods.map((p) => ({ startDate: p.startDate, endDate: p.endDate }));
  const latestPeriod = spans[spans.length - 1] ?? null;

  // Uncommitted entries outside this submission: auto-surveillance ones lock manual entry;
  // any keeps the activity from being fully committed (no period entry then).
  const [pendingElsewhere] = await db
    .select({
      autoSurveillance: sql<number>`(count(*) filter (where ${reports.type} = ${EntryType.AUTO_SURVEILLANCE}))::int`,
      any: sql<number>`count(*)::int`,
    })
    .from(reports)
    .where(
      and(
        eq(reports.diseaseActivityId, activityId),
        or(isNull(reports.reportStatus), eq(reports.reportStatus, ReportStatus.Saved)),
        collectionId === null ? undefined : ne(reports.reportCollectionId, collectionId),
      ),
    );
  const [summary] = await db
    .select({ lastReportDate: diseaseActivitySummaries.lastReportDate })
    .from(diseaseActivitySummaries)
    .where(eq(diseaseActivitySummaries.diseaseActivityId, activityId));

  const context: SubmissionContext = {
    committed,
    locations: places,
    allowedDaysGap: found.country.allowedDaysGap,
    latestPeriod,
    priorPeriods: spans.slice(0, -1),
    lastEntryDate: summary?.lastReportDate ?? null,
    autoSurveillancePending: (pendingElsewhere?.autoSurveillance ?? 0) > 0,
    lastProcessedDay: lastTotal?.day ?? null,
    pendingElsewhere: (pendingElsewhere?.any ?? 0) > 0,
    today,
    diseaseId: found.activity.diseaseId,
    articleDiseaseIds,
  };
  return {
    body: entries,
    keptSaved,
    result: validateSubmission(submitted, context, request),
    committedRows,
    periods,
    locationNames: new Map(placeRows.map((p) => [p.id, p.name])),
  };
}
