import type { FastifyInstance } from 'fastify';
import { firstTextProblem } from '@domain/request-text';
import { badRequest } from './errors';

/**
 * Every request's body and query are text as src/domain/request-text.ts defines it, or a 400
 * in plain words before any handler runs (issue 16: NUL and lone surrogates reached PostgreSQL
 * and came back as 500s). Registered on the root before any route plugin, so /api, /search and
 * every route added later are covered; each scope's error handler gives the 400 its shape.
 */
export function installRequestTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem =
      firstTextProblem(request.query) ??
      firstTextProblem(request.params) ??
      firstTextProblem(request.body);
    if (problem !== undefined) throw badRequest([problem]);
  });
}
