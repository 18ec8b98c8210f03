import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AssessmentRefusal } from '../db/repositories/activity-assessments';
import { ArticleRefusal } from '../db/repositories/articles-write';
import { ActivityRefusal } from '../db/repositories/disease-activities';
import { EntriesRefusal } from '../db/repositories/entries-submission';
import { databaseUnavailable } from '../db/unavailable';
import { ApiError, databaseUnavailableMessage, internalErrorMessage } from './errors';

/**
 * The one place a thrown error becomes an HTTP answer (issue 32). Routes let the repositories'
 * refusals propagate; fastify's error handler (installErrorHandler) answers them here:
 *
 * - ApiError: its status and messages.
 * - ArticleRefusal, EntriesRefusal: their status (400, 404 or 409) and messages.
 * - AssessmentRefusal: 400 and its messages.
 * - ActivityRefusal: its status and messages; a duplicate (409) also names the activity that
 *   exists (`diseaseActivityId`, `countryId`), which the new-activity form goes to.
 * - fastify's own 4xx (bad JSON, body too large, wrong content type): status and message.
 * - a database that cannot be reached: 503 with Retry-After, nothing was changed.
 * - anything else: 500 with one fixed message; the error stays in the server log.
 *
 * Every body is `{ "errors": [...] }` (spec 000 §8). StaleVersion is no mapping: its 412
 * carries the activity's current detail, read by the route (api/activity-entries.ts sendStale).
 */

/** What `toHttpAnswer` decides: status, body, extra headers, and how the server logs it. */
export interface HttpAnswer {
  readonly status: number;
  readonly body: { readonly errors: readonly string[] } & Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;
  /** 'none' for a refusal the client caused and can read; the others name the log level. */
  readonly log: 'none' | 'info' | 'warn' | 'error';
}

const jsonType = 'application/json; charset=utf-8';

/** Seconds a client is told to wait after a database outage. */
export const databaseRetryAfterSeconds = 5;

const answer = (
  status: number,
  errors: readonly string[],
  log: HttpAnswer['log'] = 'none',
  headers: HttpAnswer['headers'] = {},
): HttpAnswer => ({ status, body: { errors }, headers, log });

/** The status fastify (or a plugin) put on its own error, if any. */
function statusCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  const status = error.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** The message of fastify's own 4xx, which is written for the client. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  const message: unknown =
    typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  return typeof message === 'string' ? message : String(error);
}

/** Maps any thrown value to the answer the API sends. */
export function toHttpAnswer(error: unknown): HttpAnswer {
  if (error instanceof ApiError) {
    return answer(error.statusCode, error.errors, error.statusCode >= 500 ? 'error' : 'none');
  }
  if (error instanceof ArticleRefusal || error instanceof EntriesRefusal) {
    return answer(error.status, error.errors);
  }
  if (error instanceof AssessmentRefusal) return answer(400, error.errors);
  if (error instanceof ActivityRefusal) {
    if (error.existing === undefined) return answer(error.status, error.errors);
    return {
      status: 409,
      body: { errors: error.errors, ...error.existing },
      headers: {},
      log: 'none',
    };
  }
  const status = statusCodeOf(error) ?? 500;
  if (status >= 400 && status < 500) return answer(status, [messageOf(error)], 'info');
  if (databaseUnavailable(error)) {
    return answer(503, [databaseUnavailableMessage], 'warn', {
      'retry-after': String(databaseRetryAfterSeconds),
    });
  }
  return answer(500, [internalErrorMessage], 'error');
}

const logMessages = {
  info: 'request rejected',
  warn: 'request failed: the database is unavailable',
  error: 'request failed',
} as const;

/** Sends what toHttpAnswer decides, logging it at the level it names. */
export function sendHttpAnswer(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const decided = toHttpAnswer(error);
  if (decided.log !== 'none') request.log[decided.log]({ err: error }, logMessages[decided.log]);
  for (const [name, value] of Object.entries(decided.headers)) reply.header(name, value);
  return reply.code(decided.status).type(jsonType).send(decided.body);
}

/** Every error thrown in a route (outside /search, which answers in Azure's shape) goes here. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendHttpAnswer(error, request, reply));
}
