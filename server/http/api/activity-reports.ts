import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { isCalendarDay } from '@domain/calendar-day';
import { messages } from '@domain/messages';
import type { Db } from '../../db/client';
import { findActivity } from '../../db/repositories/activity-detail';
import { articleDetails } from '../../db/repositories/articles';
import { activityHistory } from '../../db/repositories/entries-audit';
import { previousCaseData, reportsFromDate } from '../../db/repositories/entries-history';
import { nestingOf } from '../../db/repositories/entries-nesting';
import { activityReports, selectReports, toReportJson } from '../../db/repositories/entries-read';
import { diseaseActivities, reportArticles, reports } from '../../db/schema';
import { ApiError, badRequest } from '../errors';
import { idParam, idSegment, paramOf, parseId, queryOf } from './route-helpers';

/** What the report read routes need. */
export interface ActivityReportsDeps {
  readonly db: Db;
}

function dayParam(request: FastifyRequest, name = 'caseDate'): string {
  const day = paramOf(request, name);
  if (!isCalendarDay(day)) throw badRequest([messages.invalidDate(name)]);
  return day;
}

/**
 * Historic reads of an activity's entries (spec 001 §7; shapes in
 * src/domain/entries/entries-api.ts):
 *
 * - GET /api/diseaseactivities/{activityId}/country/{countryId}/location/{locationId}/caseDate/{caseDate}?numDays
 *   → ReportsFromDateJson (the 'Show all reports' and expanded-location loads).
 * - GET /api/diseaseactivities/{activityId}/location/{locationId}/caseDate/{caseDate}
 *   → PreviousCaseDataJson. The spec mentions a variant with a country segment; its path is
 *   the one of reports from a date, which it answers.
 * - GET /api/diseaseactivities/{activityId}/countries/{countryId}/case/{caseId} → ReportJson
 *   (report details; any entry type of the activity, deleted ones excepted).
 * - GET /api/diseaseactivities/{reportType}/{reportId} → ReportArticle[] (the articles of a
 *   report, with isDiseaseMatch for the 'Incorrect article' check); 404 when the report is
 *   not of that type.
 * - GET /api/diseaseactivities/{activityId}/country/{countryId}/location/{locationId}/nesting/reportedOn/{reportedOn}
 *   → NestingAnswerJson (the nesting dialog; see server/README.md "Nesting").
 * - GET /api/diseaseactivities/{activityId}/history?limit (default 200, at most 1000) →
 *   HistoryRowJson[], the audit rows of its entries, latest first.
 */
export const activityReportRoutes: FastifyPluginAsync<ActivityReportsDeps> = async (
  app,
  { db },
) => {
  app.get(
    `/diseaseactivities/:activityId${idSegment}/country/:countryId${idSegment}/location/:locationId${idSegment}/caseDate/:caseDate`,
    async (request) => {
      const activityId = idParam(request, 'activityId');
      const caseDate = dayParam(request);
      const numDaysText = queryOf(request, 'numDays');
      const numDays = numDaysText === undefined ? undefined : parseId(numDaysText);
      if (numDaysText !== undefined && numDays === undefined) {
        throw badRequest([messages.invalidId('numDays')]);
      }
      const found = await findActivity(db, activityId, idParam(request, 'countryId'));
      if (found === undefined) {
        throw new ApiError(404, [messages.diseaseActivityNotFound(activityId)]);
      }
      return reportsFromDate(db, activityId, idParam(request, 'locationId'), caseDate, numDays);
    },
  );

  app.get(
    `/diseaseactivities/:activityId${idSegment}/country/:countryId${idSegment}/location/:locationId${idSegment}/nesting/reportedOn/:reportedOn`,
    async (request) => {
      const activityId = idParam(request, 'activityId');
      const countryId = idParam(request, 'countryId');
      const reportedOn = dayParam(request, 'reportedOn');
      const found = await findActivity(db, activityId, countryId);
      if (found === undefined) {
        throw new ApiError(404, [messages.diseaseActivityNotFound(activityId)]);
      }
      const answer = await nestingOf(
        db,
        activityId,
        countryId,
        idParam(request, 'locationId'),
        reportedOn,
      );
      if (answer === undefined) throw new ApiError(404, [messages.locationNotInActivity]);
      return answer;
    },
  );

  app.get(
    `/diseaseactivities/:activityId${idSegment}/location/:locationId${idSegment}/caseDate/:caseDate`,
    async (request) => {
      const activityId = idParam(request, 'activityId');
      const caseDate = dayParam(request);
      const [exists] = await db
        .select({ id: diseaseActivities.diseaseActivityId })
        .from(diseaseActivities)
        .where(eq(diseaseActivities.diseaseActivityId, activityId));
      if (exists === undefined) {
        throw new ApiError(404, [messages.diseaseActivityNotFound(activityId)]);
      }
      return previousCaseData(db, activityId, idParam(request, 'locationId'), caseDate);
    },
  );

  app.get(
    `/diseaseactivities/:activityId${idSegment}/countries/:countryId${idSegment}/case/:caseId${idSegment}`,
    async (request) => {
      const activityId = idParam(request, 'activityId');
      const caseId = idParam(request, 'caseId');
      const found = await findActivity(db, activityId, idParam(request, 'countryId'));
      if (found === undefined) {
        throw new ApiError(404, [messages.diseaseActivityNotFound(activityId)]);
      }
      const rows = await selectReports(db, activityReports(activityId, eq(reports.id, caseId)));
      const [report] = toReportJson(rows);
      if (report === undefined) throw new ApiError(404, [messages.reportNotFound(caseId)]);
      return report;
    },
  );

  app.get(`/diseaseactivities/:reportType${idSegment}/:reportId${idSegment}`, async (request) => {
    const reportId = idParam(request, 'reportId');
    const reportType = Number(paramOf(request, 'reportType'));
    const [report] = await db
      .select({ activityDiseaseId: diseaseActivities.diseaseId })
      .from(reports)
      .innerJoin(
        diseaseActivities,
        eq(diseaseActivities.diseaseActivityId, reports.diseaseActivityId),
      )
      .where(and(eq(reports.id, reportId), eq(reports.type, reportType)));
    if (report === undefined) throw new ApiError(404, [messages.reportNotFound(reportId)]);
    const links = await db
      .select({ articleId: reportArticles.articleId })
      .from(reportArticles)
      .where(eq(reportArticles.reportId, reportId));
    const details = await articleDetails(
      db,
      links.map((l) => l.articleId),
    );
    return details.map((a) => ({
      ...a,
      reportIds: [reportId],
      isDiseaseMatch: a.diseases.some((d) => d.diseaseId === report.activityDiseaseId),
    }));
  });

  app.get(`/diseaseactivities/:activityId${idSegment}/history`, async (request) => {
    const activityId = idParam(request, 'activityId');
    const limitText = queryOf(request, 'limit');
    const limit = limitText === undefined ? 200 : parseId(limitText);
    if (limit === undefined || limit > 1000) throw badRequest([messages.invalidId('limit')]);
    const [exists] = await db
      .select({ id: diseaseActivities.diseaseActivityId })
      .from(diseaseActivities)
      .where(eq(diseaseActivities.diseaseActivityId, activityId));
    if (exists === undefined)
      throw new ApiError(404, [messages.diseaseActivityNotFound(activityId)]);
    return activityHistory(db, activityId, limit);
  });
};
