import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { lookupEndpoints } from '@domain/lookups';
import type {
  LookupEndpoint,
  LookupsRepository,
  SerializedJson,
} from '../../db/repositories/lookups';

/** Sends pre-serialised JSON with its ETag, or 304 when the browser already has it. */
function sendCached(request: FastifyRequest, reply: FastifyReply, answer: SerializedJson) {
  // private: the answer sits behind a bearer token; no-cache: revalidate by ETag each time.
  reply.header('cache-control', 'private, no-cache').header('etag', answer.etag);
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.json);
}

/**
 * GET /api/lookups (every lookup, spec 000 §7 and 001 §7) and the single-lookup endpoints
 * (/api/feeds, /api/species, …), all served from the repository's in-memory snapshot.
 */
export const lookupRoutes: FastifyPluginAsync<{ lookups: LookupsRepository }> = async (
  app,
  { lookups },
) => {
  app.get('/lookups', async (request, reply) => {
    const snapshot = await lookups.get();
    return sendCached(request, reply, snapshot.all);
  });
  for (const key of Object.keys(lookupEndpoints) as LookupEndpoint[]) {
    app.get(`/${lookupEndpoints[key]}`, async (request, reply) => {
      const snapshot = await lookups.get();
      return sendCached(request, reply, snapshot.byEndpoint[key]);
    });
  }
};
