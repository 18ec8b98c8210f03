import type { FastifyPluginAsync } from 'fastify';
import { JsLogEntry } from '@domain/log';
import { currentUser } from '../current-user';
import { decodeOr400 } from '../validate';

/** POST /api/log/js: the browser's log line, written to the server log at its level. */
export const logRoutes: FastifyPluginAsync = async (app) => {
  app.post('/log/js', async (request, reply) => {
    const entry = decodeOr400(JsLogEntry, request.body);
    const user = currentUser(request);
    request.log[entry.logLevel]({ source: 'browser', user: user.subject }, entry.message);
    return reply.code(204).send();
  });
};
