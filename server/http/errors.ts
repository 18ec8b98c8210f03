import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@domain/api-errors';
import { messages } from '@domain/messages';

/*
 * The API's error shape, `{ "errors": [...] }`, and the error routes throw. What each thrown
 * error answers is decided in one place, error-mapping.ts (fastify's error handler).
 */

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

/** Sends `{ "errors": [...] }` with a status. */
export function sendErrors(reply: FastifyReply, statusCode: number, errors: readonly string[]) {
  const body: ApiErrorBody = { errors };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** JSON 404 in fastify's own words: 'Route GET:/x not found'. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendErrors(reply, 404, [messages.notFound(request.method, request.url)]);
}
