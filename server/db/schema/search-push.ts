import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A remote search service's pusher, per index (server/search/remote/pusher.ts): each index has
 * its own position in the change log, so one the service refuses holds none of the others back.
 * The pusher's search_followers row keeps the least of them (the log is trimmed up to it).
 * `failures` counts the refusals of the batch being retried, `last_error` says the last.
 */
export const searchPushIndexes = pgTable(
  'search_push_indexes',
  {
    service: text('service').notNull(),
    indexName: text('index_name').notNull(),
    applied: bigint('applied', { mode: 'number' }).notNull(),
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.service, t.indexName] })],
);

/**
 * Documents a remote search service refused for good and the pusher set aside (the service's
 * status and message): shown by /metrics, /readyz and the log until a later push of the same
 * key is accepted, or `npm run search:reindex` sends the index again.
 */
export const searchPushRefused = pgTable(
  'search_push_refused',
  {
    service: text('service').notNull(),
    indexName: text('index_name').notNull(),
    docKey: text('doc_key').notNull(),
    statusCode: integer('status_code').notNull(),
    error: text('error').notNull(),
    refusedAt: timestamp('refused_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.service, t.indexName, t.docKey] })],
);

/**
 * The embedded search service's CORS options per index (Azure's `corsOptions`, set by
 * PUT /indexes/{name}): the origins whose scripts may read the index, and how long a browser
 * keeps a preflight's answer. No row: no cross-origin access (Azure's default).
 */
export const searchIndexCors = pgTable('search_index_cors', {
  indexName: text('index_name').primaryKey(),
  allowedOrigins: text('allowed_origins').array().notNull(),
  maxAgeSeconds: integer('max_age_seconds'),
});
