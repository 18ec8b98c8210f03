import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The search change log (migration 0014): every statement that writes a search index's table
 * (`search_articles`, `search_locations`; and, for the `feeds` view, `data_sources` and its
 * lookups, migration 0019) records, through statement triggers in the same
 * transaction, the next version and the keys it wrote. Versions are handed out under the version
 * row's lock, so they follow commit order: whoever has applied version v has seen every write up
 * to v. Every server's in-process copy and the pusher to a remote search service follow it
 * (server/search/change-log/).
 */
export const searchChangeVersion = pgTable(
  'search_change_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /** Changes up to this version may have been trimmed: a follower behind it reloads whole. */
    prunedThrough: bigint('pruned_through', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('search_change_version_single_row', sql`${t.id}`)],
);

/** What one version changed: an index and its keys (null: too many to list, or a truncate). */
export const searchChanges = pgTable(
  'search_changes',
  {
    version: bigint('version', { mode: 'number' }).notNull(),
    indexName: text('index_name').notNull(),
    keys: text('keys').array(),
  },
  (t) => [index('search_changes_version_idx').on(t.version)],
);

/**
 * Who follows the log and how far they got: a server's copy (heartbeat every few seconds) or a
 * remote service's pusher (also its lease: one server pushes at a time). Rows whose heartbeat
 * stopped expire; the log is trimmed up to the least applied version of the rest.
 */
export const searchFollowers = pgTable('search_followers', {
  followerId: text('follower_id').primaryKey(),
  applied: bigint('applied', { mode: 'number' }).notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  /** A pusher's lease: the server pushing, until when. */
  leasedBy: text('leased_by'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});

/**
 * Articles whose search document is owed (migration 0015): statement triggers on the tables a
 * document is built from mark the articles a statement touched, in its transaction; the
 * indexer removes a mark in the transaction that rebuilds the document from the tables. A mark
 * left by a writer that died between its commit and its reindex is picked up by the sweep
 * (server/search/reconcile.ts), so the index never keeps missing a committed write.
 */
export const searchArticlesOwed = pgTable(
  'search_articles_owed',
  {
    articleId: integer('article_id').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_articles_owed_article_idx').on(t.articleId)],
);
