import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ReportingPeriodType } from '@domain/enums';
import { locations } from './locations';
import { diseases, riskModels, species } from './lookups';
import { users } from './users';

/** Reporting period types as stored (NewOutbreak, NewSeason, NotApplicable). */
export const reportingPeriodTypes = Object.values(ReportingPeriodType) as [
  ReportingPeriodType,
  ...ReportingPeriodType[],
];

/**
 * Disease activities (spec 001 §3): a disease in a country affecting a species, unique per
 * combination ('"{disease} in {country} in {species}" already exists.'). Commit status, totals,
 * last entry and last commit are derived from reports and report collections, not stored.
 */
export const diseaseActivities = pgTable(
  'disease_activities',
  {
    diseaseActivityId: integer('disease_activity_id').primaryKey().generatedByDefaultAsIdentity(),
    diseaseId: integer('disease_id')
      .notNull()
      .references(() => diseases.diseaseId),
    countryId: integer('country_id')
      .notNull()
      .references(() => locations.id),
    speciesId: integer('species_id')
      .notNull()
      .references(() => species.speciesId),
    hasNotableEvents: boolean('has_notable_events').notNull().default(false),
    /** UpdateStatus: Active 0, NeedsUpdate 1, Inactive 2 (kept current when reports change). */
    activityStatus: smallint('activity_status').notNull().default(0),
    lastUpdatedByUserId: integer('last_updated_by_user_id').references(() => users.id),
    /**
     * The version of the activity's entries and details, raised by every write to them: the
     * ETag of the entries calls. A write names the version it read (If-Match) and is refused
     * (412) when another analyst's write came first.
     */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('disease_activities_disease_country_species_key').on(
      t.diseaseId,
      t.countryId,
      t.speciesId,
    ),
    // Target of the composite key from disease_activity_countries.
    unique('disease_activities_id_country_key').on(t.diseaseActivityId, t.countryId),
    check('activity_status_known', sql`${t.activityStatus} between 0 and 2`),
    index('disease_activities_country_idx').on(t.countryId),
    index('disease_activities_species_idx').on(t.speciesId),
  ],
);

/**
 * The activity's country details (countryDetails of the detail view, the overview edit).
 * Keyed by activity and country as the API paths are; the composite key keeps the country the
 * activity's own.
 */
export const diseaseActivityCountries = pgTable(
  'disease_activity_countries',
  {
    diseaseActivityId: integer('disease_activity_id').notNull(),
    countryId: integer('country_id').notNull(),
    riskModelId: integer('risk_model_id').references(() => riskModels.riskModelId),
    /** Reporting Period Start Date of the first period. */
    totalCountStartDate: date('total_count_start_date', { mode: 'string' }),
    publiclyVisible: boolean('publicly_visible').notNull().default(true),
    daysNeededForUpdate: integer('days_needed_for_update').notNull().default(14),
    /** Expected update frequency in days (1000 means no expected updates). */
    allowedDaysGap: integer('allowed_days_gap').notNull().default(14),
    notes: text('notes').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.diseaseActivityId, t.countryId] }),
    foreignKey({
      name: 'disease_activity_countries_activity_fk',
      columns: [t.diseaseActivityId, t.countryId],
      foreignColumns: [diseaseActivities.diseaseActivityId, diseaseActivities.countryId],
    }).onDelete('cascade'),
    check('days_needed_for_update_range', sql`${t.daysNeededForUpdate} between 1 and 366`),
    check('allowed_days_gap_range', sql`${t.allowedDaysGap} between 1 and 1000`),
  ],
);

/**
 * Reporting periods of an activity (latestReportingPeriod / previousReportingPeriod). A period
 * is open while endDate is null; at most one is open per activity.
 */
export const reportingPeriods = pgTable(
  'reporting_periods',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    diseaseActivityId: integer('disease_activity_id')
      .notNull()
      .references(() => diseaseActivities.diseaseActivityId, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    reportingPeriodType: text('reporting_period_type', { enum: reportingPeriodTypes }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reporting_period_dates', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    check(
      'reporting_period_type_known',
      sql`${t.reportingPeriodType} in ('NewOutbreak', 'NewSeason', 'NotApplicable')`,
    ),
    index('reporting_periods_activity_idx').on(t.diseaseActivityId, t.startDate.desc()),
    uniqueIndex('reporting_periods_one_open_idx')
      .on(t.diseaseActivityId)
      .where(sql`${t.endDate} is null`),
  ],
);
