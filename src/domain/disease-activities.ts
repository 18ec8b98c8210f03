import { Schema } from 'effect';
import { AutoSurveillanceReview, CommitStatus, ReportingPeriodType, UpdateStatus } from './enums';
import { messages } from './messages';

/**
 * Disease activity index and new-activity shapes (spec 001 §3, §5, §7): the list item of
 * GET /api/diseaseactivities, the create payload of POST /api/diseaseactivities and its rules.
 * Shared by the form, the worker and the server, which re-checks what the browser checked.
 */

/** A database id: a positive whole number. */
const Id = Schema.Int.pipe(Schema.positive());
const Count = Schema.Int.pipe(Schema.nonNegative());

/** Index page size (spec 001 §9). */
export const activityIndexPageSize = 50;

/** The human species (spec 001 §5: species id above 1 hides risk model 1). */
export const humanSpeciesId = 1;
/** The human risk model: the human species sets it; other species may not take it. */
export const humanRiskModelId = 1;
/** Earliest Reporting Period Start Date (spec 001 §9). */
export const earliestReportingPeriodStart = '2000-01-01';
/** Expected update frequency maximum (1000 means no expected updates). */
export const maxAllowedDaysGap = 1000;

/**
 * GET /api/diseaseactivities: one list item (spec 001 §3), computed from the stored reports.
 * Dates: lastReportDate YYYY-MM-DD; lastCommittedDate ISO 8601 UTC. lastCommittedBy is the
 * analyst's name ('Auto Commit' for the auto-commit user). daysSinceLastUpdate (designed) is
 * the N of 'It has been N days since last update.', counted by the server on its UTC day.
 */
export const DiseaseActivityListItem = Schema.Struct({
  activityId: Id,
  diseaseActivityId: Id,
  diseaseId: Id,
  diseaseName: Schema.String,
  locationId: Id,
  locationName: Schema.String,
  speciesId: Id,
  speciesName: Schema.String,
  speciesGroup: Schema.Int,
  totalReportedCases: Schema.NullOr(Count),
  totalNumberOfDeaths: Schema.NullOr(Count),
  lastReportDate: Schema.NullOr(Schema.String),
  lastCommittedDate: Schema.NullOr(Schema.String),
  numberOfArticles: Count,
  numberOfReports: Count,
  numberOfUncommittedReports: Count,
  commitStatus: Schema.Enums(CommitStatus),
  isVisible: Schema.Boolean,
  daysNeededForUpdate: Count,
  daysSinceLastUpdate: Count,
  activityStatus: Schema.Enums(UpdateStatus),
  asReviewRequired: Schema.Boolean,
  lastCommittedBy: Schema.NullOr(Schema.String),
  isAutoCommitFailed: Schema.Boolean,
  asReviewStatus: Schema.Enums(AutoSurveillanceReview),
});
export type DiseaseActivityListItem = typeof DiseaseActivityListItem.Type;
export const DiseaseActivityList = Schema.Array(DiseaseActivityListItem);

/** '{disease} in {country} in {species}': how an activity is named. */
export const activityTitle = (a: {
  readonly diseaseName: string;
  readonly locationName: string;
  readonly speciesName: string;
}) => `${a.diseaseName} in ${a.locationName} in ${a.speciesName}`;

/**
 * POST /api/diseaseactivities body (spec 001 §3 "Create-activity payload"). Dates are
 * YYYY-MM-DD. lastUpdatedBy is accepted and ignored: the server records the signed-in analyst.
 */
export const NewActivity = Schema.Struct({
  countryId: Id,
  diseaseId: Id,
  speciesId: Id,
  riskModelId: Id,
  lastUpdatedBy: Schema.optional(Schema.Unknown),
  publiclyVisible: Schema.Boolean,
  daysNeededForUpdate: Id,
  reportingPeriodType: Schema.Enums(ReportingPeriodType),
  totalCountStartDate: Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/)),
  allowedDaysGap: Id,
});
export type NewActivity = typeof NewActivity.Type;

/** The new activity form (spec 001 §3): ids are null until chosen. */
export interface NewActivityForm {
  diseaseId: number | null;
  countryId: number | null;
  speciesId: number | null;
  riskModelId: number | null;
  publiclyVisible: boolean | null;
  daysNeededForUpdate: number | null;
  allowedDaysGap: number | null;
  /** YYYY-MM-DD. */
  totalCountStartDate: string | null;
  reportingPeriodType: ReportingPeriodType | null;
}

/** The form's defaults (spec 001 §3, §9): visible, 14 days, 365 days. */
export const newActivityDefaults: NewActivityForm = {
  diseaseId: null,
  countryId: null,
  speciesId: null,
  riskModelId: null,
  publiclyVisible: true,
  daysNeededForUpdate: 14,
  allowedDaysGap: 365,
  totalCountStartDate: null,
  reportingPeriodType: null,
};

/** Fields of the new activity form, in the order their messages are listed. */
export type NewActivityField = keyof NewActivityForm;

/** One failed rule: which field, and the §5 message. */
export interface FieldMessage {
  readonly field: NewActivityField;
  readonly message: string;
}

const DAY = 86_400_000;

/** The last day daysNeededForUpdate may reach: 'about one year in days' from `today` (365 or 366). */
export function maxDaysNeededForUpdate(today: string): number {
  const start = new Date(`${today.slice(0, 10)}T00:00:00Z`);
  const next = new Date(start);
  next.setUTCFullYear(start.getUTCFullYear() + 1);
  return Math.round((next.getTime() - start.getTime()) / DAY);
}

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const asNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const isRealDate = (v: string) => {
  const m = isoDate.exec(v);
  if (!m) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const asRecord = (input: unknown): Readonly<Record<string, unknown>> =>
  typeof input === 'object' && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};

/** An id picked from a list: a number of at least 1. */
function idMessage(value: unknown, field: NewActivityField, message: string): FieldMessage[] {
  const n = asNumber(value);
  return n === null || n < 1 ? [{ field, message }] : [];
}

function rangeMessages(
  value: unknown,
  field: NewActivityField,
  name: string,
  required: string,
  min: string,
  max: string,
  maxValue: number,
): FieldMessage[] {
  if (isBlank(value)) return [{ field, message: required }];
  const n = asNumber(value);
  if (n === null) return [{ field, message: required }];
  if (n < 1) return [{ field, message: min }];
  if (n > maxValue) return [{ field, message: max }];
  if (!Number.isInteger(n)) return [{ field, message: messages.wholeNumber(name) }];
  return [];
}

/**
 * Every §5 rule of the new activity form (form values or a request body), field by field in
 * form order; empty when valid. `today` (YYYY-MM-DD) bounds the start date and the one-year
 * maximum. Reference checks (known ids, disease of species, duplicates) are the server's.
 */
export function validateNewActivity(input: unknown, today: string): FieldMessage[] {
  const r = asRecord(input);
  const out: FieldMessage[] = [
    ...idMessage(r['diseaseId'], 'diseaseId', messages.diseaseRequired),
    ...idMessage(r['countryId'], 'countryId', messages.countryRequired),
    ...idMessage(r['speciesId'], 'speciesId', messages.speciesRequired),
    // riskModelId is nullable in the form but required; 0 is what a non-human species resets to.
    ...idMessage(r['riskModelId'], 'riskModelId', messages.riskModelRequired),
  ];
  if (typeof r['publiclyVisible'] !== 'boolean') {
    out.push({ field: 'publiclyVisible', message: messages.visibilityRequired });
  }
  out.push(
    ...rangeMessages(
      r['daysNeededForUpdate'],
      'daysNeededForUpdate',
      'Number of days for update required',
      messages.daysNeededForUpdateRequired,
      messages.daysNeededForUpdateMin,
      messages.daysNeededForUpdateMax,
      maxDaysNeededForUpdate(today),
    ),
    ...rangeMessages(
      r['allowedDaysGap'],
      'allowedDaysGap',
      'Update frequency',
      messages.allowedDaysGapRequired,
      messages.allowedDaysGapMin,
      messages.allowedDaysGapMax,
      maxAllowedDaysGap,
    ),
  );
  const start = r['totalCountStartDate'];
  if (isBlank(start) || typeof start !== 'string') {
    out.push({ field: 'totalCountStartDate', message: messages.reportingPeriodStartDateRequired });
  } else if (
    !isRealDate(start) ||
    start < earliestReportingPeriodStart ||
    start > today.slice(0, 10)
  ) {
    out.push({ field: 'totalCountStartDate', message: messages.reportingPeriodStartDateRange });
  }
  const type = r['reportingPeriodType'];
  if (typeof type !== 'string' || !Object.values<string>(ReportingPeriodType).includes(type)) {
    out.push({ field: 'reportingPeriodType', message: messages.reportingPeriodTypeRequired });
  }
  return out;
}

/**
 * The overview edit's rules (spec 001 §5 "Overview edit"): risk model, visibility, days needed
 * for update and update frequency, with the new-activity form's messages; notes are free.
 */
export function validateOverview(input: unknown, today: string): FieldMessage[] {
  const all = validateNewActivity(input, today);
  const overviewFields: ReadonlySet<NewActivityField> = new Set([
    'riskModelId',
    'publiclyVisible',
    'daysNeededForUpdate',
    'allowedDaysGap',
  ]);
  return all.filter((m) => overviewFields.has(m.field));
}

/**
 * The risk model a species sets (spec 001 §5): the human species sets 1, any other sets 0
 * (none chosen: the analyst picks one, 1 is not offered).
 */
export const riskModelForSpecies = (speciesId: number) =>
  speciesId === humanSpeciesId ? humanRiskModelId : 0;

/** Whether a risk model is offered for a species (species above 1 hide risk model 1). */
export const isRiskModelOffered = (riskModelId: number, speciesId: number | null) =>
  !(speciesId !== null && speciesId > humanSpeciesId && riskModelId === humanRiskModelId);

/** POST /api/diseaseactivities answer (201): the new activity's id and its country. */
export const CreatedActivity = Schema.Struct({ diseaseActivityId: Id, countryId: Id });
export type CreatedActivity = typeof CreatedActivity.Type;

/**
 * POST /api/diseaseactivities answer 409 for a disease, country and species that already
 * exist: the §5 message and the activity to go to.
 */
export const DuplicateActivity = Schema.Struct({
  errors: Schema.Array(Schema.String),
  diseaseActivityId: Id,
  countryId: Id,
});
export type DuplicateActivity = typeof DuplicateActivity.Type;

/**
 * GET /api/countries (designed; spec 001 §7 shows no path): the new activity form's countries,
 * and the map's (issue 19): each country's point in degrees, null when the gazetteer has none.
 */
export const Country = Schema.Struct({
  countryId: Id,
  name: Schema.String,
  /** ISO 3166-1 alpha-2 (issue 29: the map finds the country's shape by it); null if unknown. */
  isoCode: Schema.NullOr(Schema.String),
  latitude: Schema.NullOr(Schema.Number),
  longitude: Schema.NullOr(Schema.Number),
});
export type Country = typeof Country.Type;
export const Countries = Schema.Array(Country);
