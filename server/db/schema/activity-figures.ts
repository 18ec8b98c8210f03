import { date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { diseaseActivities } from './activities';

/**
 * The one cumulative rule's output, stored (issue 31's regression, docs/decisions/0068-…): the
 * rule (src/domain/entries/cumulative-rule.ts) runs in the server when an activity's committed
 * Daily Totals, periods or places change, in the writer's transaction, and the index and the map
 * read these rows. `server/db/repositories/activity-figures.ts` writes and reads them.
 */

/** Per activity: its country's cumulative now (the day of its latest own Daily Total). */
export const activityFigures = pgTable('activity_figures', {
  diseaseActivityId: integer('disease_activity_id')
    .primaryKey()
    .references(() => diseaseActivities.diseaseActivityId, { onDelete: 'cascade' }),
  /** The day of the latest own Daily Total under the country ("now"). */
  asOf: date('as_of', { mode: 'string' }).notNull(),
  reportedCases: integer('reported_cases'),
  suspectedCases: integer('suspected_cases'),
  confirmedCases: integer('confirmed_cases'),
  deaths: integer('deaths'),
});

/**
 * Per activity and day of its epidemic curve (a day some own Daily Total under the country was
 * given): the country's cumulative and its change since the previous point (null: nothing yet).
 * The sparklines and the map read the new reported cases of a window of days.
 */
export const activityFiguresDaily = pgTable(
  'activity_figures_daily',
  {
    diseaseActivityId: integer('disease_activity_id')
      .notNull()
      .references(() => diseaseActivities.diseaseActivityId, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    reportedCases: integer('reported_cases'),
    suspectedCases: integer('suspected_cases'),
    confirmedCases: integer('confirmed_cases'),
    deaths: integer('deaths'),
    newReportedCases: integer('new_reported_cases'),
    newSuspectedCases: integer('new_suspected_cases'),
    newConfirmedCases: integer('new_confirmed_cases'),
    newDeaths: integer('new_deaths'),
  },
  (t) => [
    primaryKey({ columns: [t.diseaseActivityId, t.day] }),
    // The map: every activity's points in a window of days.
    index('activity_figures_daily_day_idx').on(t.day, t.diseaseActivityId),
  ],
);

/**
 * Activities whose stored figures are stale: statement triggers on reports, reporting periods,
 * disease activities and locations (a moved place) mark them in the writer's transaction; the
 * committer refreshes its activity before it commits, and a read refreshes what is still owed
 * (a writer that does not know the rule: the seed, a migration, SQL by hand).
 */
export const activityFiguresOwed = pgTable('activity_figures_owed', {
  diseaseActivityId: integer('disease_activity_id')
    .primaryKey()
    .references(() => diseaseActivities.diseaseActivityId, { onDelete: 'cascade' }),
});
