import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { diseaseActivities } from './activities';
import { assessmentConcernLevels, assessmentConfidenceLevels } from './lookups';
import { users } from './users';

/**
 * Assessments of a disease activity (the Assessments tab, issue 7; docs/decisions/0049-assessments-tab.md): a dated
 * judgement with a concern level, a confidence level, the criteria met and a rationale.
 * Append-only: a new judgement is a new row, so the tab shows how it changed over time.
 * Criterion ids are checked against assessment_criteria by the API before the insert.
 */
export const activityAssessments = pgTable(
  'activity_assessments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    diseaseActivityId: integer('disease_activity_id')
      .notNull()
      .references(() => diseaseActivities.diseaseActivityId, { onDelete: 'cascade' }),
    assessedOn: date('assessed_on', { mode: 'string' }).notNull(),
    concernLevelId: integer('concern_level_id')
      .notNull()
      .references(() => assessmentConcernLevels.id),
    confidenceLevelId: integer('confidence_level_id')
      .notNull()
      .references(() => assessmentConfidenceLevels.id),
    criteriaIds: integer('criteria_ids').array().notNull(),
    rationale: text('rationale').notNull().default(''),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_assessments_activity_idx').on(t.diseaseActivityId, t.id.desc())],
);
