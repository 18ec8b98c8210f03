import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Free-form detail of an audit entry: the changed fields, before and after. */
export type AuditDetail = Readonly<Record<string, unknown>>;

/** Who did what to which entity, and when. Written by the API on every change; never updated. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for the system (seed, auto-commit). */
    userId: integer('user_id').references(() => users.id),
    /** e.g. 'create', 'update', 'delete', 'commit', 'link'. */
    action: text('action').notNull(),
    /** Table-level entity name, e.g. 'article', 'report', 'diseaseActivity'. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    detail: jsonb('detail').$type<AuditDetail>().notNull().default({}),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at.desc()),
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_user_idx').on(t.userId, t.at.desc()),
  ],
);
