import type { FastifyPluginAsync } from 'fastify';
import { FeedSourceInput, FeedSourceUpdate } from '@domain/feeds/feed-sources-api';
import type { PollResult } from '@domain/feeds/feed-sources-api';
import { messages } from '@domain/messages';
import type { Db } from '../../db/client';
import {
  createFeedSource,
  deleteFeedSource,
  feedSourceProblems,
  listFeedSources,
  updateFeedSource,
} from '../../db/repositories/feed-sources';
import type { FeedIngestion } from '../../feeds/ingestion';
import { currentUser } from '../current-user';
import { ApiError, badRequest } from '../errors';
import { decodeOr400 } from '../validate';
import { idParam, idSegment } from './route-helpers';

export interface FeedSourceRouteDeps {
  readonly db: Db;
  readonly ingestion: FeedIngestion;
  /** Start the ingestion job when a source is added (npm start; never in tests). */
  readonly startIngestionOnNewSource: boolean;
}

/**
 * Feed sources and their ingestion health (issue 8; designed, the spec has no such call):
 * - GET /api/feedSources → FeedSource[] (src/domain/feeds/feed-sources-api.ts)
 * - POST /api/feedSources: FeedSourceInput → 201 FeedSource; 400 unknown feed or a URL in use
 * - PUT /api/feedSources/{id}: FeedSourceUpdate → 200 FeedSource; 404 when unknown
 * - DELETE /api/feedSources/{id} → 204 (its articles stay)
 * - POST /api/feedSources/{id}/poll → PollResult: polls now, whatever its interval
 */
export const feedSourceRoutes: FastifyPluginAsync<FeedSourceRouteDeps> = async (app, deps) => {
  const { db, ingestion } = deps;
  const one = async (id: number, method: string, url: string) => {
    const [source] = await listFeedSources(db, id);
    if (!source) throw new ApiError(404, [messages.notFound(method, url)]);
    return source;
  };

  app.get('/feedSources', () => listFeedSources(db));

  app.post('/feedSources', async (request, reply) => {
    const input = decodeOr400(FeedSourceInput, request.body);
    const problems = await feedSourceProblems(db, input);
    if (problems.length > 0) throw badRequest(problems);
    const id = await createFeedSource(db, input, currentUser(request).id);
    if (deps.startIngestionOnNewSource) ingestion.start();
    return reply.code(201).send(await one(id, request.method, request.url));
  });

  app.put(`/feedSources/:id${idSegment}`, async (request) => {
    const id = idParam(request, 'id');
    const update = decodeOr400(FeedSourceUpdate, request.body);
    const problems = await feedSourceProblems(db, update, id);
    if (problems.length > 0) throw badRequest(problems);
    if (!(await updateFeedSource(db, id, update, currentUser(request).id))) {
      throw new ApiError(404, [messages.notFound(request.method, request.url)]);
    }
    return one(id, request.method, request.url);
  });

  app.delete(`/feedSources/:id${idSegment}`, async (request, reply) => {
    const id = idParam(request, 'id');
    if (!(await deleteFeedSource(db, id, currentUser(request).id))) {
      throw new ApiError(404, [messages.notFound(request.method, request.url)]);
    }
    return reply.code(204).send();
  });

  app.post(`/feedSources/:id${idSegment}/poll`, async (request): Promise<PollResult> => {
    const id = idParam(request, 'id');
    await one(id, request.method, request.url);
    const outcome = await ingestion.pollSource(id);
    return {
      status: outcome.status,
      added: outcome.status === 'ok' ? outcome.added : 0,
      error: outcome.status === 'failed' ? outcome.error : null,
      source: await one(id, request.method, request.url),
    };
  });
};
