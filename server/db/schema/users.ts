import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Analysts who have called the API, keyed by the identity provider's subject. The row is
 * upserted from the access token on first sight; reports and articles point at `id`.
 */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  subject: text('subject').notNull().unique(),
  givenName: text('given_name').notNull().default(''),
  familyName: text('family_name').notNull().default(''),
  email: text('email'),
  /** Shown in the entries table's user column ('A' is the auto-commit pseudo-user). */
  initials: text('initials').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});
