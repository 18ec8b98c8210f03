import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@domain/api-errors';
import { messages } from '@domain/messages';
import { databaseUnavailable } from '../db/unavailable';

/** An expected failure with the status and the messages the UI shows ('IST Error: …'). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: readonly string[],
  ) {
    super(errors.join('. '));
    this.name = 'ApiError';
  }
}

/** 400 with a list of readable messages. */
export const badRequest = (errors: readonly string[]) => new ApiError(400, errors);

/** The only text a 500 carries: stacks and driver messages stay in the server log. */
export const internalErrorMessage = 'An unexpected error occurred. It has been logged.';

/** The 503 of a request the database could not serve (db/unavailable.ts): nothing was stored. */
export const databaseUnavailableMessage =
  'IST cannot reach its database just now, so nothing was changed. Try again in a few seconds.';
const databaseRetryAfterSeconds = 5;

/** Sends `{ "errors": [...] }` with a status. */
export function sendErrors(reply: FastifyReply, statusCode: number, errors: readonly string[]) {
  const body: ApiErrorBody = { errors };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** JSON 404 in fastify's own words: 'Route GET:/x not found'. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendErrors(reply, 404, [messages.notFound(request.method, request.url)]);
}

/**
 * Every thrown error becomes `{ "errors": [...] }`: ApiError as thrown, fastify's own 4xx (bad
 * JSON, body too large, wrong content type) with their message, a database that cannot be
 * reached a 503 with Retry-After, anything else a logged 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return sendErrors(reply, error.statusCode, error.errors);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'request rejected');
      return sendErrors(reply, status, [error.message]);
    }
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'request failed: the database is unavailable');
      return sendErrors(reply.header('retry-after', String(databaseRetryAfterSeconds)), 503, [
        databaseUnavailableMessage,
      ]);
    }
    request.log.error({ err: error }, 'request failed');
    return sendErrors(reply, 500, [internalErrorMessage]);
  });
}
