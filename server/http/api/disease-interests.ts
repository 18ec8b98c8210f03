import type { FastifyPluginAsync } from 'fastify';
import { DiseaseInterestsBody } from '@domain/disease-interests';
import type { Db } from '../../db/client';
import {
  diseaseInterestsOf,
  replaceDiseaseInterests,
} from '../../db/repositories/disease-interests';
import { currentUser } from '../current-user';
import { decodeOr400 } from '../validate';

/**
 * The signed-in analyst's disease interests (designed; spec 001 §1, §5 name the rule, not the
 * call): GET /api/users/me/diseaseInterests → DiseaseInterests; PUT with DiseaseInterestsBody
 * replaces the set (400 for an unknown disease, nothing changed) and answers it.
 */
export const diseaseInterestRoutes: FastifyPluginAsync<{ readonly db: Db }> = async (
  app,
  { db },
) => {
  const path = '/users/me/diseaseInterests';
  app.get(path, (request) => diseaseInterestsOf(db, currentUser(request).id));
  app.put(path, async (request) => {
    const { diseaseIds } = decodeOr400(DiseaseInterestsBody, request.body);
    return replaceDiseaseInterests(db, currentUser(request).id, diseaseIds);
  });
};
