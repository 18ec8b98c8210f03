import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { DescriptionEditBody } from '@domain/entries/entries-api';
import { hasErrors, serverMessages } from '@domain/entries/entry-message';
import { validateDescriptionEdit } from '@domain/entries/entry-validation';
import { messages } from '@domain/messages';
import type { Db } from '../../db/client';
import { descriptionReport, editDescription } from '../../db/repositories/description-versions';
import { StaleVersion } from '../../db/repositories/activity-version-lock';
import { currentUser } from '../current-user';
import { ApiError, badRequest } from '../errors';
import { decodeOr400 } from '../validate';
import { requiredVersion, etagOf, sendStale } from './activity-entries';
import { idParam, idSegment } from './route-helpers';
import { diseaseActivities } from '../../db/schema';

/** What the description routes need. */
export interface DescriptionReportDeps {
  readonly db: Db;
}

const activityPath = `/diseaseactivities/:activityId${idSegment}/countries/:countryId${idSegment}`;

/**
 * Situational updates (spec 001 §7; shapes in src/domain/entries/entries-api.ts):
 *
 * - GET …/countries/{countryId}/reports/{descriptionReportId} → ReportJson.
 * - GET …/countries/{countryId}/reports/description/{reportId} → DescriptionReportJson (the
 *   update and its earlier versions, for the version-history dialog).
 * - PUT …/countries/{countryId}/reports/description/versions/{reportId}: DescriptionEditBody,
 *   If-Match → 200 DescriptionReportJson with the new ETag; 400 'Update reason is a required
 *   field', 'Reported on is a required field', 'Description is a required field'; 409 when the
 *   update is not committed; 412 / 428 as every entries write.
 */
export const descriptionReportRoutes: FastifyPluginAsync<DescriptionReportDeps> = async (
  app,
  { db },
) => {
  const find = async (activityId: number, countryId: number, reportId: number) => {
    const [activity] = await db
      .select({ countryId: diseaseActivities.countryId })
      .from(diseaseActivities)
      .where(eq(diseaseActivities.diseaseActivityId, activityId));
    if (activity === undefined || activity.countryId !== countryId) {
      throw new ApiError(404, [messages.diseaseActivityNotFound(activityId)]);
    }
    const found = await descriptionReport(db, activityId, reportId);
    if (found === undefined) throw new ApiError(404, [messages.reportNotFound(reportId)]);
    return found;
  };

  app.get(`${activityPath}/reports/:reportId${idSegment}`, async (request) => {
    const found = await find(
      idParam(request, 'activityId'),
      idParam(request, 'countryId'),
      idParam(request, 'reportId'),
    );
    return found.report;
  });

  app.get(`${activityPath}/reports/description/:reportId${idSegment}`, async (request) =>
    find(
      idParam(request, 'activityId'),
      idParam(request, 'countryId'),
      idParam(request, 'reportId'),
    ),
  );

  app.put(
    `${activityPath}/reports/description/versions/:reportId${idSegment}`,
    async (request, reply) => {
      const activityId = idParam(request, 'activityId');
      const countryId = idParam(request, 'countryId');
      const reportId = idParam(request, 'reportId');
      const expected = requiredVersion(request, reply);
      if (expected === undefined) return reply;
      const body = decodeOr400(DescriptionEditBody, request.body);
      const problems = validateDescriptionEdit(body);
      if (hasErrors(problems)) throw badRequest(serverMessages(problems));
      try {
        const version = await editDescription(db, {
          activityId,
          countryId,
          reportId,
          body,
          expectedVersion: expected,
          userId: currentUser(request).id,
        });
        const found = await find(activityId, countryId, reportId);
        return await reply.header('etag', etagOf(version)).send(found);
      } catch (error) {
        if (error instanceof StaleVersion) return sendStale(db, reply, activityId, countryId);
        throw error;
      }
    },
  );
};
