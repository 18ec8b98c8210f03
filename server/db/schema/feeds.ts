import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { articles } from './articles';
import { feeds } from './lookups';

/**
 * RSS/Atom sources the ingestion job polls (issue 8). `feedId` is the feed enumeration of spec
 * 000 §3 (ProMED 1 … NewsMedia 10) the articles get as articleFeed. The health fields are written
 * by the job after every poll: the conditional-GET validators (etag, lastModified) and the outcome.
 */
export const feedSources = pgTable(
  'feed_sources',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id),
    url: text('url').notNull(),
    pollingIntervalSeconds: integer('polling_interval_seconds').notNull().default(900),
    enabled: boolean('enabled').notNull().default(true),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Failed polls since the last success (0 when healthy). */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /**
     * The poll claim (issue 17): the server polling the source now and until when its claim
     * holds. Several servers on one database each poll only the due sources they claimed; a
     * claim past its time (its server was killed) is taken by the next server that looks.
     */
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feed_sources_url_key').on(t.url),
    check('feed_sources_interval_positive', sql`${t.pollingIntervalSeconds} >= 1`),
  ],
);

/**
 * One row per ingested article: where it came from and its canonical URL, unique, so an item
 * is never stored twice whichever source or poll brings it again.
 */
export const feedItems = pgTable(
  'feed_items',
  {
    articleId: integer('article_id')
      .primaryKey()
      .references(() => articles.articleId, { onDelete: 'cascade' }),
    feedSourceId: integer('feed_source_id').references(() => feedSources.id, {
      onDelete: 'set null',
    }),
    canonicalUrl: text('canonical_url').notNull(),
    guid: text('guid'),
    /** The story signature (MinHash, src/domain/feeds/minhash.ts) clustering compares. */
    signature: integer('signature').array().notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feed_items_canonical_url_key').on(t.canonicalUrl),
    index('feed_items_source_fetched_idx').on(t.feedSourceId, t.fetchedAt.desc()),
    index('feed_items_fetched_idx').on(t.fetchedAt.desc()),
  ],
);
