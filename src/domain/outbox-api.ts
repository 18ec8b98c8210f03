import { Schema } from 'effect';

/**
 * GET /api/outbox: one notification mail (a committed Important or Critical situational
 * update). status: queued (waiting; always so without SMTP), sending, sent, failed (gave up:
 * lastError says why).
 */
export const OutboxMailJson = Schema.Struct({
  id: Schema.Int,
  createdAt: Schema.String,
  kind: Schema.String,
  reportId: Schema.NullOr(Schema.Int),
  diseaseActivityId: Schema.NullOr(Schema.Int),
  recipients: Schema.Array(Schema.String),
  subject: Schema.String,
  text: Schema.String,
  status: Schema.Literal('queued', 'sending', 'sent', 'failed'),
  attempts: Schema.Int,
  sentAt: Schema.NullOr(Schema.String),
  lastError: Schema.NullOr(Schema.String),
});
export type OutboxMailJson = typeof OutboxMailJson.Type;
