import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { NewActivity, validateNewActivity } from '../../../src/domain/disease-activities';
import type { Db } from '../../db/client';
import {
  ActivityRefusal,
  activityListVersionOf,
  createDiseaseActivity,
  listDiseaseActivities,
} from '../../db/repositories/disease-activities';
import { currentUser } from '../current-user';
import { ApiError, badRequest } from '../errors';
import { decodeOr400 } from '../validate';

/** What the disease activity index routes need. */
export interface DiseaseActivityIndexDeps {
  readonly db: Db;
}

const DAY = 86_400_000;
const gzipAsync = promisify(gzip);
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The disease activity index calls of spec 001 §7 (the entries calls under
 * /diseaseactivities/{id}/… live in their own files):
 *
 * - GET /api/diseaseactivities → every DiseaseActivityListItem (src/domain/disease-activities.ts),
 *   one query, then kept serialised until a trigger-kept version or the UTC day changes.
 * - POST /api/diseaseactivities: NewActivity → 201 `{ diseaseActivityId, countryId }`, Location
 *   /api/diseaseactivities/{id}/countries/{countryId}/numDays/5. 400 lists every §5 message;
 *   409 `{ errors: ['"{disease} in {country} in {species}" already exists.'], diseaseActivityId,
 *   countryId }` names the activity to go to.
 */
export const diseaseActivityIndexRoutes: FastifyPluginAsync<DiseaseActivityIndexDeps> = async (
  app,
  { db },
) => {
  // The serialised list (and its gzip), reused while nothing it shows changed (the version,
  // bumped by triggers) and the UTC day is the same (days since last update). Reading the
  // version first means a write racing the read only makes the next request rebuild.
  interface Kept {
    readonly version: number;
    readonly day: string;
    readonly body: string;
    /** 11.7 MB of JSON at 20,000 activities is about a tenth gzipped: compressed once. */
    readonly gzipped: Promise<Buffer>;
  }
  let kept: Kept | undefined;
  app.get('/diseaseactivities', async (request, reply) => {
    const day = utcDay(Date.now());
    const version = await activityListVersionOf(db);
    if (kept === undefined || kept.version !== version || kept.day !== day) {
      const body = JSON.stringify(await listDiseaseActivities(db, day));
      const gzipped = gzipAsync(body);
      // Never an unhandled rejection: a failed compression falls back to the plain body.
      gzipped.catch(() => undefined);
      kept = { version, day, body, gzipped };
    }
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      const compressed = await kept.gzipped.catch(() => undefined);
      if (compressed) return reply.header('content-encoding', 'gzip').send(compressed);
    }
    return reply.send(kept.body);
  });

  app.post('/diseaseactivities', async (request, reply) => {
    // The analyst's today may be UTC's tomorrow (UTC+14 at most): the start date may reach it.
    const latestToday = utcDay(Date.now() + DAY);
    if (request.body !== undefined && request.body !== null) {
      const problems = validateNewActivity(request.body, latestToday);
      if (problems.length > 0) throw badRequest(problems.map((p) => p.message));
    }
    const input = decodeOr400(NewActivity, request.body);
    const user = currentUser(request);
    try {
      const created = await createDiseaseActivity(db, input, user.id);
      return await reply
        .code(201)
        .header(
          'location',
          `/api/diseaseactivities/${created.diseaseActivityId}/countries/${created.countryId}/numDays/5`,
        )
        .send(created);
    } catch (error) {
      if (!(error instanceof ActivityRefusal)) throw error;
      if (error.existing === undefined) throw new ApiError(error.status, error.errors);
      return reply.code(409).send({ errors: error.errors, ...error.existing });
    }
  });
};
