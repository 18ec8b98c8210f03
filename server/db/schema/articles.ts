import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { locations } from './locations';
import {
  contextTags,
  dataSourceCategories,
  dataSourceGroups,
  dataSourcePriorities,
  diseases,
  feeds,
  hamTypes,
} from './lookups';
import { users } from './users';

/**
 * Articles (spec 000 §3: the search document, the custom article and the update payload).
 * Derived document fields are not stored: diseaseNames/diseaseIds come from
 * {@link articleDiseases}, locationNames from {@link articleLocations}, (suggested)
 * contextTagNames from {@link articleContextTags}, isLinkedToActivity from report_articles.
 */
export const articles = pgTable(
  'articles',
  {
    articleId: integer('article_id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    originalSourceUrl: text('original_source_url').notNull(),
    /** articleFeed. */
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id),
    /** articleType: Spam 1, Disease information 2, Disease activity 3. */
    hamTypeId: integer('ham_type_id')
      .notNull()
      .references(() => hamTypes.id),
    publishedDate: timestamp('published_date', { withTimezone: true }),
    insertedDate: timestamp('inserted_date', { withTimezone: true }).notNull().defaultNow(),
    sourceCategoryId: integer('source_category_id').references(() => dataSourceCategories.id),
    /** sourceGroup, shown as "Source sub-category". */
    sourceGroupId: integer('source_group_id').references(() => dataSourceGroups.id),
    sourcePriorityId: integer('source_priority_id').references(() => dataSourcePriorities.id),
    clusterId: integer('cluster_id'),
    isRead: boolean('is_read').notNull().default(false),
    isCompleted: boolean('is_completed').notNull().default(false),
    isImportant: boolean('is_important').notNull().default(false),
    isChild: boolean('is_child').notNull().default(false),
    childrenCount: integer('children_count').notNull().default(0),
    originalLanguage: text('original_language'),
    summary: text('summary'),
    /** articleBody (HTML, sanitised when shown). */
    body: text('body'),
    /** Set for articles an analyst added ('IST User'); null for feed articles. */
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    /** True for articles from the second data store ('OI System'): read-only, content = summary. */
    isCosmosDbArticle: boolean('is_cosmos_db_article').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('articles_children_count_nonnegative', sql`${t.childrenCount} >= 0`),
    index('articles_inserted_date_idx').on(t.insertedDate.desc()),
    index('articles_published_date_idx').on(t.publishedDate.desc()),
    index('articles_type_inserted_idx').on(t.hamTypeId, t.insertedDate.desc()),
    index('articles_cluster_idx').on(t.clusterId),
    index('articles_is_read_idx').on(t.isRead, t.insertedDate.desc()),
    index('articles_feed_idx').on(t.feedId),
    index('articles_created_by_idx').on(t.createdByUserId),
    // The search index is rebuilt incrementally from rows changed since a watermark.
    index('articles_updated_at_idx').on(t.updatedAt),
  ],
);

/** Context tags on an article; `suggested` marks machine suggestions (greyed tag icon). */
export const articleContextTags = pgTable(
  'article_context_tags',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.articleId, { onDelete: 'cascade' }),
    contextTagId: integer('context_tag_id')
      .notNull()
      .references(() => contextTags.id),
    suggested: boolean('suggested').notNull().default(false),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.contextTagId] }),
    index('article_context_tags_tag_idx').on(t.contextTagId),
  ],
);

/** Diseases an article mentions (diseaseIds, diseaseNames; the custom article's diseaseId). */
export const articleDiseases = pgTable(
  'article_diseases',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.articleId, { onDelete: 'cascade' }),
    diseaseId: integer('disease_id')
      .notNull()
      .references(() => diseases.diseaseId),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.diseaseId] }),
    index('article_diseases_disease_idx').on(t.diseaseId),
  ],
);

/** Locations an article mentions (locationNames; the custom article's locationIds). */
export const articleLocations = pgTable(
  'article_locations',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.articleId, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.locationId] }),
    index('article_locations_location_idx').on(t.locationId),
  ],
);
