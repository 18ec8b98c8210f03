import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { AssessmentInput, validateAssessment } from '@domain/assessments';
import { messages } from '@domain/messages';
import type { Db } from '../../db/client';
import { addAssessment, listAssessments } from '../../db/repositories/activity-assessments';
import { diseaseActivities } from '../../db/schema';
import { currentUser } from '../current-user';
import { ApiError, badRequest } from '../errors';
import { decodeOr400 } from '../validate';
import { today } from './activity-entries';
import { idParam, idSegment } from './route-helpers';

/** What the assessment routes need. */
export interface AssessmentDeps {
  readonly db: Db;
}

const path = `/diseaseactivities/:activityId${idSegment}/assessments`;

/**
 * The Assessments tab's calls (designed; docs/decisions/0049-assessments-tab.md):
 *
 * - GET /api/diseaseactivities/{id}/assessments → AssessmentJson[], latest assessed first.
 * - POST /api/diseaseactivities/{id}/assessments: AssessmentInput → 201 AssessmentJson; 400 with
 *   the form's messages (validateAssessment, the browser's own rules) or unknown lookup ids;
 *   404 for an unknown activity. Assessments are never edited: a new judgement is a new row.
 */
export const assessmentRoutes: FastifyPluginAsync<AssessmentDeps> = async (app, { db }) => {
  const exists = async (activityId: number) => {
    const [found] = await db
      .select({ id: diseaseActivities.diseaseActivityId })
      .from(diseaseActivities)
      .where(eq(diseaseActivities.diseaseActivityId, activityId));
    if (found === undefined)
      throw new ApiError(404, [messages.diseaseActivityNotFound(activityId)]);
  };

  app.get(path, async (request) => {
    const activityId = idParam(request, 'activityId');
    await exists(activityId);
    return listAssessments(db, activityId);
  });

  app.post(path, async (request, reply) => {
    const activityId = idParam(request, 'activityId');
    const input = decodeOr400(AssessmentInput, request.body);
    const problems = validateAssessment(input, today());
    if (problems.length > 0) throw badRequest(problems.map((p) => p.message));
    await exists(activityId);
    const { assessedOn, concernLevelId, confidenceLevelId } = input;
    if (assessedOn === null || concernLevelId === null || confidenceLevelId === null) {
      throw new Error('validateAssessment let a blank field through');
    }
    const saved = await addAssessment(
      db,
      activityId,
      { ...input, assessedOn, concernLevelId, confidenceLevelId },
      currentUser(request).id,
    );
    return reply.code(201).send(saved);
  });
};
