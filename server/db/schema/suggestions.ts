import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { SuggestedActionKind } from '@domain/enums';
import { diseaseActivities } from './activities';
import { articles } from './articles';
import { locations } from './locations';
import { diseases, rejectionReasons } from './lookups';
import { reports } from './reports';
import { users } from './users';

const suggestedActionKinds = Object.values(SuggestedActionKind) as [
  SuggestedActionKind,
  ...SuggestedActionKind[],
];

/**
 * Suggested actions (spec 001 §3 "Suggested action item"): a disease in a country that
 * articles suggest needs a new activity, location or update. numPendingReports is derived from
 * {@link suggestedReports}; supportedArticles from {@link suggestedActionArticles}.
 */
export const suggestedActions = pgTable(
  'suggested_actions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: suggestedActionKinds }).notNull(),
    diseaseId: integer('disease_id')
      .notNull()
      .references(() => diseases.diseaseId),
    countryId: integer('country_id')
      .notNull()
      .references(() => locations.id),
    /** The existing activity, null when isNewActivity. */
    diseaseActivityId: integer('disease_activity_id').references(
      () => diseaseActivities.diseaseActivityId,
      { onDelete: 'set null' },
    ),
    startDate: date('start_date', { mode: 'string' }),
    isNewActivity: boolean('is_new_activity').notNull().default(false),
    isActiveEvent: boolean('is_active_event').notNull().default(false),
    incomplete: boolean('incomplete').notNull().default(false),
    /** Seen by an analyst (GET …/suggestedActions/unread lists the others). */
    isRead: boolean('is_read').notNull().default(false),
    /** PUT …/suggestedAction/feedback/{diseaseId}/{countryId}/{reasonId}. */
    feedbackReasonId: integer('feedback_reason_id').references(() => rejectionReasons.id),
    feedbackByUserId: integer('feedback_by_user_id').references(() => users.id),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('suggested_actions_disease_country_idx').on(t.diseaseId, t.countryId),
    index('suggested_actions_created_idx').on(t.createdAt.desc()),
    index('suggested_actions_activity_idx').on(t.diseaseActivityId),
  ],
);

/** Articles supporting a suggested action (supportedArticles, articleIds). */
export const suggestedActionArticles = pgTable(
  'suggested_action_articles',
  {
    suggestedActionId: integer('suggested_action_id')
      .notNull()
      .references(() => suggestedActions.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.articleId, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.suggestedActionId, t.articleId] }),
    index('suggested_action_articles_article_idx').on(t.articleId),
  ],
);

/** Figures a suggested report proposes; the shape per entry type lives in src/domain. */
export type SuggestedReportProposal = Readonly<Record<string, unknown>>;

/**
 * A report proposed from articles for a suggested action. It is pending until an analyst
 * accepts it (acceptedReportId) or rates its quality (PUT …/suggestedReport/quality/{id}/{reasonId}).
 */
export const suggestedReports = pgTable(
  'suggested_reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    suggestedActionId: integer('suggested_action_id')
      .notNull()
      .references(() => suggestedActions.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    type: smallint('type').notNull(),
    reportedOn: date('reported_on', { mode: 'string' }).notNull(),
    reportedCases: integer('reported_cases'),
    suspectedCases: integer('suspected_cases'),
    confirmedCases: integer('confirmed_cases'),
    deaths: integer('deaths'),
    /** Anything else the type proposes (a description's text, a traveller's origin…). */
    proposal: jsonb('proposal').$type<SuggestedReportProposal>().notNull().default({}),
    qualityReasonId: integer('quality_reason_id').references(() => rejectionReasons.id),
    qualityByUserId: integer('quality_by_user_id').references(() => users.id),
    qualityAt: timestamp('quality_at', { withTimezone: true }),
    acceptedReportId: integer('accepted_report_id').references(() => reports.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('suggested_report_type_known', sql`${t.type} between 0 and 7`),
    index('suggested_reports_action_idx').on(t.suggestedActionId),
  ],
);

/** Articles supporting a suggested report. */
export const suggestedReportArticles = pgTable(
  'suggested_report_articles',
  {
    suggestedReportId: integer('suggested_report_id')
      .notNull()
      .references(() => suggestedReports.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.articleId, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.suggestedReportId, t.articleId] }),
    index('suggested_report_articles_article_idx').on(t.articleId),
  ],
);
