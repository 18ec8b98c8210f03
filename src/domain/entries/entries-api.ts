import { Schema } from 'effect';
import { isCalendarDay } from '../calendar-day';
import {
  AutoSurveillanceReview,
  CommitStatus,
  EntryType,
  Importance,
  InactivityReason,
  ReportingPeriodType,
  ReportStatus,
  UpdateStatus,
} from '../enums';
import { messages } from '../messages';
import { userEnteredKinds } from './case-figures';

/**
 * Shapes of the entries calls (spec 001 §3, §7): what the detail, report and validate calls
 * answer, and the body of validate and save. Decoded by the server (never trust the client)
 * and by the worker (never trust an answer).
 */

/** A database id: a positive whole number. */
const Id = Schema.Int.pipe(Schema.positive());
/** A calendar day written YYYY-MM-DD. */
export const Day = Schema.String.pipe(
  Schema.filter(isCalendarDay, { message: () => 'Expected a date written YYYY-MM-DD' }),
);
const optionalNull = <A, I>(schema: Schema.Schema<A, I>) =>
  Schema.optionalWith(Schema.NullOr(schema), { default: () => null });

/** Recent days the detail call answers (spec 001 §9). */
export const recentDays = 5;

// ─── Answers ────────────────────────────────────────────────────────────────────────────

/** One figure as the API answers it. */
export const CaseCountJson = Schema.Struct({
  cumulative: Schema.NullOr(Schema.Int),
  newCases: Schema.NullOr(Schema.Int),
  userEntered: Schema.NullOr(Schema.Literal(...userEnteredKinds)),
  computed: Schema.Boolean,
});

/**
 * A report collection's ETag: its id and version, so that it can never be taken for the
 * activity's ("{version}"). Saving the collection again with it as If-Match checks that
 * collection only: another analyst's save of another collection does not make it stale.
 */
export const collectionEtag = (id: number, version: number) => `"collection-${id}-${version}"`;

/** The collection id and version an If-Match names, if it is a collection's ETag. */
export function collectionOfEtag(
  etag: string,
): { readonly id: number; readonly version: number } | undefined {
  const match = /^\s*(?:W\/)?"collection-(\d+)-(\d+)"\s*$/.exec(etag);
  return match?.[1] === undefined || match[2] === undefined
    ? undefined
    : { id: Number(match[1]), version: Number(match[2]) };
}

/**
 * report.reportCollection. commitDate ISO 8601 or null while only saved. etag is the
 * collection's own ETag (collectionEtag), to send as If-Match when saving it again.
 */
export const ReportCollectionJson = Schema.Struct({
  id: Id,
  commitDate: Schema.NullOr(Schema.String),
  lastUpdatedBy: Schema.NullOr(Schema.String),
  propagationUptoDate: Schema.NullOr(Schema.String),
  etag: Schema.String,
});

/**
 * One report (spec 001 §3 "Report common fields" and the fields of its type; fields of other
 * types are absent). updatedByUserName is the analyst's name, updatedBy their initials.
 */
export const ReportJson = Schema.Struct({
  id: Id,
  locationId: Id,
  type: Schema.Literal(...Object.values(EntryType)),
  reportedOn: Schema.String,
  reportStatus: Schema.NullOr(Schema.Literal(...Object.values(ReportStatus))),
  articles: Schema.Array(Id),
  updatedByUserId: Schema.NullOr(Id),
  updatedByUserName: Schema.NullOr(Schema.String),
  updatedBy: Schema.NullOr(Schema.String),
  userEntriesCount: Schema.Int,
  isNestingEntry: Schema.Boolean,
  isPropagationEntry: Schema.Boolean,
  isPropagationTriggerEntry: Schema.Boolean,
  reportCollection: ReportCollectionJson,
  // Case data, auto surveillance, processed.
  reportedCases: Schema.optional(CaseCountJson),
  suspectedCases: Schema.optional(CaseCountJson),
  confirmedCases: Schema.optional(CaseCountJson),
  deaths: Schema.optional(CaseCountJson),
  sourceId: Schema.optional(Schema.NullOr(Schema.String)),
  autoSurveillanceCaseId: Schema.optional(Schema.NullOr(Schema.String)),
  propagatedFromDate: Schema.optional(Schema.NullOr(Schema.String)),
  // Traveller.
  cases: Schema.optional(Schema.Int),
  notes: Schema.optional(Schema.NullOr(Schema.String)),
  arrivalDate: Schema.optional(Schema.NullOr(Schema.String)),
  departureDate: Schema.optional(Schema.NullOr(Schema.String)),
  originId: Schema.optional(Schema.NullOr(Id)),
  /** The origin's display name (spec 001 §3 "originId / originLocation"). */
  originLocation: Schema.optional(Schema.NullOr(Schema.String)),
  // Description (situational update); description is also a check-in's note.
  title: Schema.optional(Schema.NullOr(Schema.String)),
  description: Schema.optional(Schema.NullOr(Schema.String)),
  importance: Schema.optional(Schema.NullOr(Schema.Enums(Importance))),
  updateReason: Schema.optional(Schema.NullOr(Schema.String)),
  commitDate: Schema.optional(Schema.NullOr(Schema.String)),
  hasPreviousVersion: Schema.optional(Schema.Boolean),
  // Check-in.
  inactivityReason: Schema.optional(Schema.NullOr(Schema.Enums(InactivityReason))),
  // Reporting periods.
  reportingPeriodType: Schema.optional(Schema.NullOr(Schema.Enums(ReportingPeriodType))),
  startDate: Schema.optional(Schema.NullOr(Schema.String)),
});
export type ReportJson = typeof ReportJson.Type;

/** latestReportingPeriod / previousReportingPeriod. */
export const ReportingPeriodJson = Schema.Struct({
  id: Id,
  startDate: Schema.String,
  endDate: Schema.NullOr(Schema.String),
  reportingPeriodType: Schema.Enums(ReportingPeriodType),
});

/** A location of the activity (spec 001 §3 "Location"). */
export const ActivityLocationJson = Schema.Struct({
  id: Id,
  name: Schema.String,
  type: Schema.Int,
  parentId: Schema.NullOr(Id),
  displayName: Schema.String,
  population: Schema.NullOr(Schema.Number),
  /**
   * The place's gazetteer ancestors, nearest first, up to its country: the one cumulative rule
   * nests a city under its province even when a region between them has no entries.
   */
  ancestorIds: Schema.optional(Schema.Array(Id)),
});

/** countryDetails of the detail (spec 001 §3). */
export const CountryDetailsJson = Schema.Struct({
  countryId: Id,
  countryName: Schema.String,
  riskModelId: Schema.NullOr(Id),
  riskModelName: Schema.NullOr(Schema.String),
  totalCountStartDate: Schema.NullOr(Schema.String),
  publiclyVisible: Schema.Boolean,
  daysNeededForUpdate: Schema.Int,
  allowedDaysGap: Schema.Int,
  notes: Schema.String,
});

/**
 * GET /api/diseaseactivities/{activityId}/countries/{countryId}/numDays/{numDays}: the
 * activity with its page state (spec 001 §3 "Disease activity detail", §7 "Detail"), the
 * activity's locations, and the reports of the last numDays days up to its last entry, every
 * uncommitted report, and each location's latest Daily Total. `version` is also the ETag.
 */
export const ActivityDetailJson = Schema.Struct({
  activity: Schema.Struct({
    diseaseActivityId: Id,
    diseaseId: Id,
    diseaseName: Schema.String,
    speciesId: Id,
    speciesName: Schema.String,
    speciesGroup: Schema.Int,
    lastUpdatedBy: Schema.NullOr(Schema.String),
    lastCommittedDate: Schema.NullOr(Schema.String),
    activityStatus: Schema.Enums(UpdateStatus),
    hasNotableEvents: Schema.Boolean,
    countryDetails: CountryDetailsJson,
  }),
  commitStatus: Schema.Enums(CommitStatus),
  asReviewStatus: Schema.Enums(AutoSurveillanceReview),
  /** Manual entry is read-only while auto-surveillance entries are uncommitted. */
  readOnly: Schema.Boolean,
  latestReportingPeriod: Schema.NullOr(ReportingPeriodJson),
  previousReportingPeriod: Schema.NullOr(ReportingPeriodJson),
  lastEntryDate: Schema.NullOr(Schema.String),
  propagationUptoDate: Schema.NullOr(Schema.String),
  locations: Schema.Array(ActivityLocationJson),
  reports: Schema.Array(ReportJson),
  version: Schema.Int,
});
export type ActivityDetailJson = typeof ActivityDetailJson.Type;

// ─── Bodies ─────────────────────────────────────────────────────────────────────────────

const CaseCountInput = Schema.Struct({
  cumulative: optionalNull(Schema.Number),
  newCases: optionalNull(Schema.Number),
  userEntered: optionalNull(Schema.Literal(...userEnteredKinds)),
});
export type CaseCountInput = typeof CaseCountInput.Type;

const emptyCount = () => ({ cumulative: null, newCases: null, userEntered: null });
const figure = Schema.optionalWith(CaseCountInput, { default: emptyCount });

/** What every entry of a body carries. id names a saved entry of the collection. */
const commonInput = {
  id: Schema.optional(Id),
  locationId: Id,
  reportedOn: optionalNull(Day),
  /** 0 (Deleted) deletes a saved entry; anything else is decided by the server. */
  reportStatus: optionalNull(Schema.Literal(ReportStatus.Deleted)),
  articles: Schema.optionalWith(Schema.Array(Id), { default: () => [] }),
};

export const CaseInput = Schema.Struct({
  ...commonInput,
  type: Schema.optionalWith(Schema.Literal(EntryType.CASE_DATA, EntryType.AUTO_SURVEILLANCE), {
    default: () => EntryType.CASE_DATA,
  }),
  reportedCases: figure,
  suspectedCases: figure,
  confirmedCases: figure,
  deaths: figure,
  sourceId: optionalNull(Schema.String),
  autoSurveillanceCaseId: optionalNull(Schema.String),
});
export type CaseInput = typeof CaseInput.Type;

export const TravellerInput = Schema.Struct({
  ...commonInput,
  cases: optionalNull(Schema.Number),
  notes: optionalNull(Schema.String),
  arrivalDate: optionalNull(Day),
  departureDate: optionalNull(Day),
  originId: optionalNull(Id),
});
export type TravellerInput = typeof TravellerInput.Type;

export const DescriptionInput = Schema.Struct({
  ...commonInput,
  title: optionalNull(Schema.String),
  description: optionalNull(Schema.String),
  importance: optionalNull(Schema.Enums(Importance)),
  updateReason: optionalNull(Schema.String),
});
export type DescriptionInput = typeof DescriptionInput.Type;

export const InactivityInput = Schema.Struct({
  ...commonInput,
  description: optionalNull(Schema.String),
  inactivityReason: optionalNull(Schema.Enums(InactivityReason)),
});
export type InactivityInput = typeof InactivityInput.Type;

export const ReportingPeriodInput = Schema.Struct({
  ...commonInput,
  type: Schema.Literal(EntryType.NEW_REPORTING_PERIOD, EntryType.END_REPORTING_PERIOD),
  reportingPeriodType: optionalNull(Schema.Enums(ReportingPeriodType)),
});
export type ReportingPeriodInput = typeof ReportingPeriodInput.Type;

const list = <A, I>(schema: Schema.Schema<A, I>) =>
  Schema.optionalWith(Schema.Array(schema), { default: () => [] });

/**
 * The body of validate and save (spec 001 §7): the entries by kind. commitChanges commits the
 * collection; warningsAccepted confirms the high-impact warnings (a commit with any is refused
 * without it). lastUpdatedBy is accepted and ignored: the signed-in analyst is recorded.
 */
export const EntriesBody = Schema.Struct({
  lastUpdatedBy: Schema.optional(Schema.Unknown),
  commitChanges: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  warningsAccepted: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  cases: list(CaseInput),
  travellers: list(TravellerInput),
  descriptions: list(DescriptionInput),
  inactivities: list(InactivityInput),
  reportingPeriods: list(ReportingPeriodInput),
});
export type EntriesBody = typeof EntriesBody.Type;

/** One Daily Total of a validate answer (spec 001 §7 "Validate"). */
export const ProcessedReportJson = Schema.Struct({
  locationId: Id,
  locationName: Schema.String,
  reportedOn: Schema.String,
  reportedCases: CaseCountJson,
  suspectedCases: CaseCountJson,
  confirmedCases: CaseCountJson,
  deaths: CaseCountJson,
  articles: Schema.Array(Id),
  sourceId: Schema.NullOr(Schema.String),
  autoSurveillanceCaseId: Schema.NullOr(Schema.String),
  userEntriesCount: Schema.Int,
  isPastEntry: Schema.Boolean,
  isPropagationEntry: Schema.Boolean,
});
export type ProcessedReportJson = typeof ProcessedReportJson.Type;

/**
 * POST …/reports/{propagate}/validate: the Daily Totals a commit would write, and the messages
 * (warnings prefixed WARNINGLOW / WARNINGHIGH, errors as they are), all at once and per
 * location (the warning cards). result is the success line, null when there are errors.
 */
export const ValidateAnswerJson = Schema.Struct({
  processedReports: Schema.Array(ProcessedReportJson),
  messages: Schema.Array(Schema.String),
  locations: Schema.Array(
    Schema.Struct({
      locationId: Id,
      locationName: Schema.String,
      messages: Schema.Array(Schema.String),
    }),
  ),
  result: Schema.NullOr(Schema.Literal(messages.followingProcessedRows, messages.noProcessedRows)),
});
export type ValidateAnswerJson = typeof ValidateAnswerJson.Type;

/** A save's answer: the collection, its entries' ids in body order, the warnings, the version. */
export const SaveAnswerJson = Schema.Struct({
  reportCollectionId: Id,
  committed: Schema.Boolean,
  reportIds: Schema.Struct({
    cases: Schema.Array(Id),
    travellers: Schema.Array(Id),
    descriptions: Schema.Array(Id),
    inactivities: Schema.Array(Id),
    reportingPeriods: Schema.Array(Id),
  }),
  processedReportIds: Schema.Array(Id),
  /** The saved collection's new ETag (collectionEtag); the activity's is the ETag header. */
  reportCollectionEtag: Schema.String,
  messages: Schema.Array(Schema.String),
  version: Schema.Int,
});
export type SaveAnswerJson = typeof SaveAnswerJson.Type;

/**
 * GET …/country/{countryId}/location/{locationId}/caseDate/{caseDate}?numDays: the location's
 * reports dated before caseDate (the numDays days before it when given), by kind, each list
 * in the entries table's order. processedCases holds the Daily Totals and the case entries
 * behind them.
 */
export const ReportsFromDateJson = Schema.Struct({
  processedCases: Schema.Array(ReportJson),
  descriptions: Schema.Array(ReportJson),
  inactivities: Schema.Array(ReportJson),
  travellers: Schema.Array(ReportJson),
});
export type ReportsFromDateJson = typeof ReportsFromDateJson.Type;

const FigureValues = Schema.Struct({
  reportedCases: Schema.NullOr(Schema.Int),
  confirmedCases: Schema.NullOr(Schema.Int),
  suspectedCases: Schema.NullOr(Schema.Int),
  deaths: Schema.NullOr(Schema.Int),
});

/**
 * GET /api/diseaseactivities/{activityId}/location/{locationId}/caseDate/{caseDate}: what a
 * case entry on caseDate follows (spec 001 §3 "Previous user-entered case data"): the day of
 * the previous committed case entry at the location in its reporting period, its cumulative
 * figures (caseData) and new cases (newCaseData); nulls when nothing came before.
 */
export const PreviousCaseDataJson = Schema.Struct({
  reportedOn: Schema.NullOr(Schema.String),
  caseData: FigureValues,
  newCaseData: FigureValues,
});
export type PreviousCaseDataJson = typeof PreviousCaseDataJson.Type;

/**
 * GET /api/diseaseactivities/{activityId}/history: the audit rows of an activity's entries,
 * latest first (who, when, what, before and after).
 */
export const HistoryRowJson = Schema.Struct({
  at: Schema.String,
  userId: Schema.NullOr(Id),
  userName: Schema.NullOr(Schema.String),
  action: Schema.String,
  entity: Schema.String,
  entityId: Schema.String,
  detail: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
});
export type HistoryRowJson = typeof HistoryRowJson.Type;

/** PUT …/reports/description/versions/{reportId}: the new wording of a committed update. */
export const DescriptionEditBody = Schema.Struct({
  reportedOn: optionalNull(Day),
  title: optionalNull(Schema.String),
  description: optionalNull(Schema.String),
  importance: optionalNull(Schema.Enums(Importance)),
  updateReason: optionalNull(Schema.String),
});
export type DescriptionEditBody = typeof DescriptionEditBody.Type;

/** An earlier wording of a situational update (the version-history dialog). */
export const DescriptionVersionJson = Schema.Struct({
  version: Schema.Int,
  reportedOn: Schema.String,
  title: Schema.NullOr(Schema.String),
  description: Schema.String,
  importance: Schema.Enums(Importance),
  updateReason: Schema.NullOr(Schema.String),
  updatedBy: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
});

/** GET …/reports/description/{reportId}: the update with its earlier versions, latest first. */
export const DescriptionReportJson = Schema.Struct({
  report: ReportJson,
  versions: Schema.Array(DescriptionVersionJson),
});
export type DescriptionReportJson = typeof DescriptionReportJson.Type;

/** PUT /api/diseaseactivities/{activityId}/countries/{countryId}: the overview edit. */
export const OverviewBody = Schema.Struct({
  riskModelId: Id,
  publiclyVisible: Schema.Boolean,
  daysNeededForUpdate: Schema.Int,
  allowedDaysGap: Schema.Int,
  notes: Schema.optionalWith(Schema.String, { default: () => '' }),
});
export type OverviewBody = typeof OverviewBody.Type;

/** Cumulative figures of a nesting node (null: nothing known for that figure). */
const NestingFiguresJson = FigureValues;

/** One location of a nesting answer (spec 001 §3 "Nesting detail"); see src/domain/entries/nesting.ts. */
export interface NestingDetailJson {
  readonly locationId: number;
  readonly locationName: string;
  readonly locationType: number;
  readonly reportedOn: string | null;
  readonly cumulativeCases: typeof NestingFiguresJson.Type;
  readonly userEnteredCumulativeCases: typeof NestingFiguresJson.Type;
  readonly isNestingEntry: boolean;
  readonly subNestingDetail: readonly NestingDetailJson[];
}

export const NestingDetailJson: Schema.Schema<NestingDetailJson> = Schema.Struct({
  locationId: Id,
  locationName: Schema.String,
  locationType: Schema.Int,
  reportedOn: Schema.NullOr(Schema.String),
  cumulativeCases: NestingFiguresJson,
  userEnteredCumulativeCases: NestingFiguresJson,
  isNestingEntry: Schema.Boolean,
  subNestingDetail: Schema.Array(
    Schema.suspend((): Schema.Schema<NestingDetailJson> => NestingDetailJson),
  ),
});

/**
 * GET …/country/{countryId}/location/{locationId}/nesting/reportedOn/{reportedOn}: the
 * location's figures on that day rolled up from its sub-locations, the tree of them, and the
 * day from which cumulatives count (the reporting period's reset).
 */
export const NestingAnswerJson = Schema.Struct({
  reportedOn: Day,
  countingFrom: Schema.NullOr(Schema.String),
  nesting: NestingDetailJson,
});
export type NestingAnswerJson = typeof NestingAnswerJson.Type;

/** One automated case report: cumulative figures as the source counts them. */
const AutoSurveillanceCase = Schema.Struct({
  locationId: Id,
  reportedOn: Day,
  /** The source's own id of this case report (shown; duplicates are refused). */
  autoSurveillanceCaseId: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
  reportedCases: optionalNull(Schema.Int),
  suspectedCases: optionalNull(Schema.Int),
  confirmedCases: optionalNull(Schema.Int),
  deaths: optionalNull(Schema.Int),
});

/**
 * POST …/countries/{countryId}/autoSurveillance: case data from an automated source (spec 001
 * §1 "Auto-surveillance entries arrive from automated sources"). Saved, not committed, as one
 * collection of auto-surveillance entries, which locks manual entry until an analyst commits
 * it (PUT …/reports/{reportCollectionId}/propagate with commitChanges).
 */
export const AutoSurveillanceBody = Schema.Struct({
  sourceId: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
  cases: Schema.Array(AutoSurveillanceCase).pipe(Schema.minItems(1), Schema.maxItems(1000)),
});
export type AutoSurveillanceBody = typeof AutoSurveillanceBody.Type;

/** The figures of an automated case report as the body of a save (cumulatives typed). */
export function autoSurveillanceEntries(body: AutoSurveillanceBody): EntriesBody {
  const figure = (cumulative: number | null) => ({
    cumulative,
    newCases: null,
    userEntered: cumulative === null ? null : ('cumulative' as const),
  });
  return {
    commitChanges: false,
    warningsAccepted: false,
    cases: body.cases.map((c) => ({
      locationId: c.locationId,
      reportedOn: c.reportedOn,
      reportStatus: null,
      articles: [],
      type: EntryType.AUTO_SURVEILLANCE,
      reportedCases: figure(c.reportedCases),
      suspectedCases: figure(c.suspectedCases),
      confirmedCases: figure(c.confirmedCases),
      deaths: figure(c.deaths),
      sourceId: body.sourceId,
      autoSurveillanceCaseId: c.autoSurveillanceCaseId,
    })),
    travellers: [],
    descriptions: [],
    inactivities: [],
    reportingPeriods: [],
  };
}
