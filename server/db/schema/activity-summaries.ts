import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  timestamp,
} from 'drizzle-orm/pg-core';
import { diseaseActivities } from './activities';
import { users } from './users';

/**
 * What the disease activity index computes from an activity's reports (spec 001 §3 list item),
 * kept by statement triggers on reports, report_collections and report_articles (migration
 * 0003: `activity_summaries_refresh(ids)`), so GET /api/diseaseactivities reads one row per
 * activity instead of aggregating every report (450 ms at 5,000 activities on PostgreSQL).
 * A bulk load with triggers off (the seed) calls `activity_summaries_refresh` itself.
 */
export const diseaseActivitySummaries = pgTable('disease_activity_summaries', {
  diseaseActivityId: integer('disease_activity_id')
    .primaryKey()
    .references(() => diseaseActivities.diseaseActivityId, { onDelete: 'cascade' }),
  /** Entries not deleted, Daily Totals (derived) left out. */
  numberOfReports: integer('number_of_reports').notNull().default(0),
  /** Of those, saved or new (not committed). */
  numberOfUncommittedReports: integer('number_of_uncommitted_reports').notNull().default(0),
  /** Distinct articles linked to entries not deleted. */
  numberOfArticles: integer('number_of_articles').notNull().default(0),
  lastReportDate: date('last_report_date', { mode: 'string' }),
  lastCommittedDate: timestamp('last_committed_date', { withTimezone: true }),
  lastCommittedByUserId: integer('last_committed_by_user_id').references(() => users.id),
  hasAutoSurveillance: boolean('has_auto_surveillance').notNull().default(false),
  pendingAutoSurveillance: integer('pending_auto_surveillance').notNull().default(0),
  /** Reported-on date of the oldest auto-surveillance entry not committed. */
  oldestPendingAutoSurveillance: date('oldest_pending_auto_surveillance', { mode: 'string' }),
  /** Who committed the latest committed auto-surveillance entry. */
  lastAutoSurveillanceCommitUserId: integer('last_auto_surveillance_commit_user_id').references(
    () => users.id,
  ),
});

/**
 * One row counting changes to anything the disease activity index shows, bumped by statement
 * triggers (migrations 0005, 0009): the server keeps the serialised list while the version and
 * the UTC day stay the same, and otherwise rebuilds only the rows of the activities
 * {@link activityListChanges} names.
 */
export const activityListVersion = pgTable(
  'activity_list_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /** Changes up to this version may have been pruned: a list kept from before rebuilds. */
    prunedThrough: bigint('pruned_through', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('activity_list_version_single_row', sql`${t.id}`)],
);

/**
 * Which activities each version changed (migration 0009), written by the same triggers in the
 * same transaction as the bump; versions are handed out under the version row's lock, so they
 * follow commit order. A null activity means every row may show the change (a renamed disease,
 * species, country or analyst): the list is rebuilt whole.
 */
export const activityListChanges = pgTable(
  'activity_list_changes',
  {
    version: bigint('version', { mode: 'number' }).notNull(),
    diseaseActivityId: integer('disease_activity_id'),
  },
  (t) => [index('activity_list_changes_version_idx').on(t.version)],
);
