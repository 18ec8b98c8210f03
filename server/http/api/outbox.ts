import type { FastifyPluginAsync } from 'fastify';
import { messages } from '@domain/messages';
import type { Db } from '../../db/client';
import { listOutbox } from '../../mail/outbox';
import { badRequest } from '../errors';
import { parseId, queryOf } from './route-helpers';

/** What the outbox route needs. */
export interface OutboxDeps {
  readonly db: Db;
}

/**
 * GET /api/outbox?limit (default 50, at most 500) → OutboxMailJson[], latest first: the
 * notification mails queued by commits, with their status (queued, sending, sent, failed).
 * Without SMTP_URL they stay queued here; see docs/configuration.md.
 */
export const outboxRoutes: FastifyPluginAsync<OutboxDeps> = async (app, { db }) => {
  app.get('/outbox', async (request) => {
    const limitText = queryOf(request, 'limit');
    const limit = limitText === undefined ? 50 : parseId(limitText);
    if (limit === undefined || limit > 500) throw badRequest([messages.invalidId('limit')]);
    return listOutbox(db, limit);
  });
};
