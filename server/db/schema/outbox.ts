import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { diseases } from './lookups';
import { reports } from './reports';
import { users } from './users';

/** Where a queued mail is: waiting, being sent (claimed by a sender), sent, or given up. */
export const outboxStatuses = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/**
 * Mail waiting to go out (spec 001 §1: committed situational updates notify users). Written in
 * the transaction that commits the update, so a mail exists exactly when the commit does; the
 * sender (server/mail/) drains it over SMTP when SMTP_URL is set, otherwise it stays here and
 * GET /api/outbox lists it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What caused it, e.g. 'situationalUpdate'. */
    kind: text('kind').notNull(),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    diseaseActivityId: integer('disease_activity_id'),
    /** Addresses, one per element (sent as Bcc: recipients do not see each other). */
    recipients: text('recipients').array().notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    status: text('status', { enum: outboxStatuses }).notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    /** When a sender claimed it ('sending'); a claim older than the lease is taken again. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    check('outbox_status_known', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
    index('outbox_status_idx').on(t.status, t.id),
    index('outbox_created_idx').on(t.createdAt.desc()),
  ],
);

/**
 * The diseases a user follows: an Important situational update about one of them is mailed to
 * them (spec 001 §1, §5).
 */
export const userDiseaseInterests = pgTable(
  'user_disease_interests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    diseaseId: integer('disease_id')
      .notNull()
      .references(() => diseases.diseaseId, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.diseaseId] }),
    index('user_disease_interests_disease_idx').on(t.diseaseId),
  ],
);
