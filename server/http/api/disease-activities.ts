import type { FastifyPluginAsync } from 'fastify';
import { NewActivity, validateNewActivity } from '@domain/disease-activities';
import { NewCasesQuery, newCasesIdsOf } from '@domain/activity-trends';
import { activityNewCases } from '../../db/repositories/activity-figures';
import type { Db } from '../../db/client';
import { createDiseaseActivity } from '../../db/repositories/disease-activities';
import { currentUser } from '../current-user';
import { badRequest } from '../errors';
import { decodeOr400 } from '../validate';
import { KeptActivityList } from './kept-activity-list';

/** What the disease activity index routes need. */
export interface DiseaseActivityIndexDeps {
  readonly db: Db;
}

const DAY = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The disease activity index calls of spec 001 §7 (the entries calls under
 * /diseaseactivities/{id}/… live in their own files):
 *
 * - GET /api/diseaseactivities → every DiseaseActivityListItem (src/domain/disease-activities.ts),
 *   kept serialised; after a change only the changed activities are read again
 *   ({@link KeptActivityList}).
 * - POST /api/diseaseactivities: NewActivity → 201 `{ diseaseActivityId, countryId }`, Location
 *   /api/diseaseactivities/{id}/countries/{countryId}/numDays/5. 400 lists every §5 message;
 *   409 `{ errors: ['"{disease} in {country} in {species}" already exists.'], diseaseActivityId,
 *   countryId }` names the activity to go to.
 * - GET /api/diseaseactivities/newCases?days&ids → new cases per day per activity over the last
 *   `days` UTC days (issue 19: the map and the index's sparklines; one call for a page's rows).
 */
export const diseaseActivityIndexRoutes: FastifyPluginAsync<DiseaseActivityIndexDeps> = async (
  app,
  { db },
) => {
  const list = new KeptActivityList(db);
  app.get('/diseaseactivities', async (request, reply) => {
    const answer = await list.answer(utcDay(Date.now()));
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      const compressed = await answer.gzipped.catch(() => undefined);
      if (compressed) return reply.header('content-encoding', 'gzip').send(compressed);
    }
    return reply.send(answer.body);
  });

  app.get('/diseaseactivities/newCases', async (request) => {
    const query = decodeOr400(NewCasesQuery, request.query ?? {});
    return activityNewCases(db, utcDay(Date.now()), query.days, newCasesIdsOf(query.ids));
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
    const created = await createDiseaseActivity(db, input, user.id);
    return reply
      .code(201)
      .header(
        'location',
        `/api/diseaseactivities/${created.diseaseActivityId}/countries/${created.countryId}/numDays/5`,
      )
      .send(created);
  });
};
