import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { Importance, InactivityReason } from '@domain/enums';
import type { UserEntered } from '@domain/entries/case-figures';
import { userEnteredKinds } from '@domain/entries/case-figures';
import { diseaseActivities, reportingPeriods, reportingPeriodTypes } from './activities';
import { articles } from './articles';
import { locations } from './locations';
import { users } from './users';

const importances = Object.values(Importance) as [Importance, ...Importance[]];
const inactivityReasons = Object.values(InactivityReason) as [
  InactivityReason,
  ...InactivityReason[],
];

export { userEnteredKinds };
/** Which of the pair a case figure's analyst typed (the other one is derived from it). */
export type UserEnteredKind = UserEntered;

/**
 * One save or commit of an activity's entries (report.reportCollection): the commit date, who
 * saved it last, the propagation date and its version.
 */
export const reportCollections = pgTable(
  'report_collections',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    diseaseActivityId: integer('disease_activity_id')
      .notNull()
      .references(() => diseaseActivities.diseaseActivityId, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => locations.id),
    /** Null until committed. */
    commitDate: timestamp('commit_date', { withTimezone: true }),
    lastUpdatedByUserId: integer('last_updated_by_user_id').references(() => users.id),
    propagationUptoDate: date('propagation_upto_date', { mode: 'string' }),
    /**
     * Raised by every save of the collection: its ETag (issue 6, a version per report
     * collection). Saving a collection again names it in If-Match, so a save of another
     * collection of the activity does not make this one stale, and a second save of this one
     * from an old read is refused.
     */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_collections_activity_commit_idx').on(t.diseaseActivityId, t.commitDate.desc()),
  ],
);

/** The four count columns of one case figure (reported, suspected, confirmed, deaths). */
function caseFigure<P extends string>(prefix: P) {
  return {
    cumulative: integer(`${prefix}_cumulative`),
    newCases: integer(`${prefix}_new_cases`),
    userEntered: text(`${prefix}_user_entered`, { enum: userEnteredKinds }),
    computed: boolean(`${prefix}_computed`).notNull().default(false),
  };
}
const reported = caseFigure('reported');
const suspected = caseFigure('suspected');
const confirmed = caseFigure('confirmed');
const deaths = caseFigure('deaths');

/**
 * Every entry of every type in one table (spec 001 §3 "Report types"): the common fields, then
 * nullable columns per type, with checks that each type carries what it requires. One table
 * because the entries screen lists all types of a location together, sorted by status, date
 * and type; see server/db/README.md.
 *
 * Types: CASE_DATA 0, DESCRIPTION 1, TRAVELLER 2, AUTO_SURVEILLANCE 3, PROCESSED 4,
 * INACTIVITY 5, NEW_REPORTING_PERIOD 6, END_REPORTING_PERIOD 7.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    reportCollectionId: integer('report_collection_id')
      .notNull()
      .references(() => reportCollections.id, { onDelete: 'cascade' }),
    // Denormalised from the collection so the entries queries need one index, no join.
    diseaseActivityId: integer('disease_activity_id')
      .notNull()
      .references(() => diseaseActivities.diseaseActivityId, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    type: smallint('type').notNull(),
    /** For an end-of-period entry, the End Date. */
    reportedOn: date('reported_on', { mode: 'string' }).notNull(),
    /** Deleted 0, Saved 1, Committed 2; null for a new period entry not yet saved. */
    reportStatus: smallint('report_status'),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id),
    userEntriesCount: integer('user_entries_count').notNull().default(0),
    isNestingEntry: boolean('is_nesting_entry').notNull().default(false),
    isPropagationEntry: boolean('is_propagation_entry').notNull().default(false),
    isPropagationTriggerEntry: boolean('is_propagation_trigger_entry').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),

    // Case data, auto surveillance, processed.
    reportedCumulative: reported.cumulative,
    reportedNewCases: reported.newCases,
    reportedUserEntered: reported.userEntered,
    reportedComputed: reported.computed,
    suspectedCumulative: suspected.cumulative,
    suspectedNewCases: suspected.newCases,
    suspectedUserEntered: suspected.userEntered,
    suspectedComputed: suspected.computed,
    confirmedCumulative: confirmed.cumulative,
    confirmedNewCases: confirmed.newCases,
    confirmedUserEntered: confirmed.userEntered,
    confirmedComputed: confirmed.computed,
    deathsCumulative: deaths.cumulative,
    deathsNewCases: deaths.newCases,
    deathsUserEntered: deaths.userEntered,
    deathsComputed: deaths.computed,
    sourceId: text('source_id'),
    autoSurveillanceCaseId: text('auto_surveillance_case_id'),
    propagatedFromDate: date('propagated_from_date', { mode: 'string' }),

    // Traveller.
    travellerCases: integer('traveller_cases'),
    notes: text('notes'),
    arrivalDate: date('arrival_date', { mode: 'string' }),
    departureDate: date('departure_date', { mode: 'string' }),
    originLocationId: integer('origin_location_id').references(() => locations.id),

    // Description (situational update); `description` is also the inactivity note.
    title: text('title'),
    description: text('description'),
    importance: text('importance', { enum: importances }),
    /** '{product} Update' or 'Media Update'. */
    updateReason: text('update_reason'),

    // Inactivity (check-in).
    inactivityReason: text('inactivity_reason', { enum: inactivityReasons }),

    // New and end reporting period.
    reportingPeriodType: text('reporting_period_type', { enum: reportingPeriodTypes }),
    /** The start date shown on an end-of-period entry. */
    periodStartDate: date('period_start_date', { mode: 'string' }),
    reportingPeriodId: integer('reporting_period_id').references(() => reportingPeriods.id),
  },
  (t) => [
    check('report_type_known', sql`${t.type} between 0 and 7`),
    check(
      'report_status_known',
      sql`${t.reportStatus} is null or ${t.reportStatus} between 0 and 2`,
    ),
    check(
      'report_cumulatives_nonnegative',
      sql`coalesce(${t.reportedCumulative}, 0) >= 0 and coalesce(${t.suspectedCumulative}, 0) >= 0
        and coalesce(${t.confirmedCumulative}, 0) >= 0 and coalesce(${t.deathsCumulative}, 0) >= 0`,
    ),
    check(
      'report_traveller_cases',
      sql`${t.type} <> 2 or (${t.travellerCases} is not null and ${t.travellerCases} >= 1)`,
    ),
    check(
      'report_traveller_dates',
      sql`${t.arrivalDate} is null or ${t.departureDate} is null or ${t.arrivalDate} >= ${t.departureDate}`,
    ),
    check(
      'report_description_required',
      sql`${t.type} <> 1 or (${t.description} is not null and ${t.importance} is not null)`,
    ),
    check('report_title_length', sql`${t.title} is null or char_length(${t.title}) <= 150`),
    check('report_inactivity_reason', sql`${t.type} <> 5 or ${t.inactivityReason} is not null`),
    check(
      'report_period_type',
      sql`${t.type} not in (6, 7) or ${t.reportingPeriodType} is not null`,
    ),
    index('reports_activity_location_date_idx').on(
      t.diseaseActivityId,
      t.locationId,
      t.reportedOn.desc(),
    ),
    index('reports_activity_type_status_idx').on(t.diseaseActivityId, t.type, t.reportStatus),
    // Per figure, the rows that carry its cumulative: validate and save look up, per place, the
    // latest one before a day (entries-window-read.ts); a figure never reported would otherwise
    // walk the place's whole history to find none.
    ...(['reported', 'suspected', 'confirmed', 'deaths'] as const).map((figure) =>
      index(`reports_${figure}_cumulative_idx`)
        .on(t.diseaseActivityId, t.locationId, t.reportedOn.desc())
        .where(sql`${t[`${figure}Cumulative`]} is not null`),
    ),
    // Each place's own committed Daily Totals, latest first: what the one cumulative rule reads
    // (server/db/repositories/activity-figures.ts). The whole index's totals read them in this
    // order without a sort (12.9 s → 1.3 s at 20,000 activities, loaded machine).
    index('reports_own_daily_totals_idx')
      .on(
        t.diseaseActivityId,
        t.locationId,
        t.reportedOn.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.type} = 4 and ${t.reportStatus} = 2 and not ${t.isNestingEntry}`),
    index('reports_collection_idx').on(t.reportCollectionId),
    index('reports_location_date_idx').on(t.locationId, t.reportedOn.desc()),
    index('reports_reporting_period_idx').on(t.reportingPeriodId),
  ],
);

/** Articles linked to a report (report.articles; GET /api/articles/{articleId}/reports). */
export const reportArticles = pgTable(
  'report_articles',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.articleId, { onDelete: 'cascade' }),
    linkedByUserId: integer('linked_by_user_id').references(() => users.id),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.articleId] }),
    index('report_articles_article_idx').on(t.articleId),
  ],
);

/**
 * Earlier versions of a situational update (version history; hasPreviousVersion). Editing a
 * committed description copies the current text here before overwriting the report.
 */
export const descriptionVersions = pgTable(
  'description_versions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title'),
    description: text('description').notNull(),
    importance: text('importance', { enum: importances }).notNull(),
    updateReason: text('update_reason'),
    reportedOn: date('reported_on', { mode: 'string' }).notNull(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('description_versions_report_version_key').on(t.reportId, t.version)],
);
