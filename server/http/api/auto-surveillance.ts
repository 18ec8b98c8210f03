import type { FastifyPluginAsync } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AutoSurveillanceBody, autoSurveillanceEntries } from '@domain/entries/entries-api';
import { EntryType, ReportStatus } from '@domain/enums';
import { messages } from '@domain/messages';
import type { Db } from '../../db/client';
import { findActivity } from '../../db/repositories/activity-detail';
import { StaleVersion } from '../../db/repositories/activity-version-lock';
import { saveEntries } from '../../db/repositories/entries-save';
import { reports } from '../../db/schema';
import { currentUser } from '../current-user';
import { ApiError, badRequest } from '../errors';
import { decodeOr400 } from '../validate';
import { etagOf, sendStale, today, versionOfIfMatch } from './activity-entries';
import { idParam, idSegment } from './route-helpers';

/** What the ingestion route needs. */
export interface AutoSurveillanceDeps {
  readonly db: Db;
  readonly publicUrl: string;
}

/** A feed that sends no If-Match may meet a concurrent analyst's write: try again this often. */
const attempts = 3;

/**
 * POST /api/diseaseactivities/{activityId}/countries/{countryId}/autoSurveillance
 * (AutoSurveillanceBody; see server/README.md "Auto-surveillance ingestion"): stores the cases
 * as one saved collection of auto-surveillance entries, re-validated by the same rules as any
 * save, and answers 201 SaveAnswerJson with the new ETag. Manual entry is locked until an
 * analyst commits that collection. If-Match is optional (a feed appends, it never overwrites);
 * when sent, a stale one gets 412. A case id already received gets 409.
 */
export const autoSurveillanceRoutes: FastifyPluginAsync<AutoSurveillanceDeps> = async (
  app,
  { db, publicUrl },
) => {
  app.post(
    `/diseaseactivities/:activityId${idSegment}/countries/:countryId${idSegment}/autoSurveillance`,
    async (request, reply) => {
      const activityId = idParam(request, 'activityId');
      const countryId = idParam(request, 'countryId');
      const ifMatch = versionOfIfMatch(request.headers['if-match']);
      const body = decodeOr400(AutoSurveillanceBody, request.body);

      const caseIds = body.cases.map((c) => c.autoSurveillanceCaseId);
      const repeated = [...new Set(caseIds.filter((id, i) => caseIds.indexOf(id) !== i))];
      if (repeated.length > 0)
        throw badRequest(repeated.map(messages.autoSurveillanceCaseRepeated));
      const known = await db
        .select({ id: reports.autoSurveillanceCaseId })
        .from(reports)
        .where(
          and(
            eq(reports.diseaseActivityId, activityId),
            eq(reports.type, EntryType.AUTO_SURVEILLANCE),
            inArray(reports.autoSurveillanceCaseId, caseIds),
            sql`${reports.reportStatus} is distinct from ${ReportStatus.Deleted}`,
          ),
        );
      if (known.length > 0) {
        throw new ApiError(
          409,
          known.map((k) => messages.autoSurveillanceCaseExists(k.id ?? '')),
        );
      }

      for (let attempt = 1; ; attempt++) {
        const found = await findActivity(db, activityId, countryId);
        if (found === undefined) {
          throw new ApiError(404, [messages.diseaseActivityNotFound(activityId)]);
        }
        const expected =
          ifMatch === undefined ? found.activity.version : ifMatch === 'invalid' ? -1 : ifMatch;
        try {
          const answer = await saveEntries(db, {
            activityId,
            countryId,
            collectionId: null,
            body: autoSurveillanceEntries(body),
            propagation: { propagate: false, propagateUptoDate: null },
            expectedVersion: expected,
            userId: currentUser(request).id,
            today: today(),
            publicUrl,
          });
          return await reply.code(201).header('etag', etagOf(answer.version)).send(answer);
        } catch (error) {
          if (error instanceof StaleVersion) {
            if (ifMatch !== undefined || attempt >= attempts) {
              return sendStale(db, reply, activityId, countryId);
            }
            continue;
          }
          throw error;
        }
      }
    },
  );
};
