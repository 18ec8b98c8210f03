import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AssociateSuggestedArticles, LastNDaysQuery } from '@domain/suggested-actions';
import { messages } from '@domain/messages';
import type { Db } from '../../db/client';
import {
  giveSuggestedActionFeedback,
  listSuggestedActions,
  markSuggestedActionRead,
  rateSuggestedReport,
  reasonExists,
  suggestedReportsOf,
} from '../../db/repositories/suggested-actions';
import { associateSuggestedArticles } from '../../db/repositories/suggested-associate';
import { currentUser } from '../current-user';
import { ApiError, badRequest } from '../errors';
import { decodeOr400 } from '../validate';
import { idParam, idSegment, reindex, requiredIdQuery } from './route-helpers';

const lastNDaysOf = (request: FastifyRequest) =>
  decodeOr400(LastNDaysQuery, request.query ?? {}).lastNDays;

const notFound = (request: FastifyRequest) =>
  new ApiError(404, [messages.notFound(request.method, request.url)]);

async function reasonOr400(db: Db, request: FastifyRequest) {
  const reasonId = idParam(request, 'reasonId');
  if (!(await reasonExists(db, reasonId))) {
    throw badRequest([messages.unknownReference('rejection reason', reasonId)]);
  }
  return reasonId;
}

/**
 * Suggested actions, their feedback and suggested reports (spec 001 §7; shapes in
 * src/domain/suggested-actions.ts):
 * - GET /api/diseaseactivities/suggestedActions?lastNDays → SuggestedActionItem[] (open ones)
 * - GET …/suggestedActions/unread?lastNDays → the unread ones (the panel's count)
 * - GET …/suggestedActions/{diseaseId}/{countryId}?lastNDays → [item] with articleIds, and marks
 *   it read (opening a suggestion is reading it); 404 when there is none
 * - PUT …/suggestedAction/feedback/{diseaseId}/{countryId}/{reasonId} → 204; the suggestion
 *   closes, its articles never support that pair again
 * - PUT …/suggestedAction/associate/{diseaseId}/{countryId} { articleIds } → 200
 *   SuggestedArticlesAssociated: the chosen supporting articles linked to the activity's latest
 *   committed entry that takes articles (400 an article not supporting it, 404 no open
 *   suggestion, 409 no activity yet or no such entry); they stop supporting the suggestion
 * - GET …/suggestedReport/id?id → SuggestedReport; PUT …/suggestedReport/quality/{id}/{reasonId} → 204
 */
export const suggestedActionRoutes: FastifyPluginAsync<{ readonly db: Db }> = async (
  app,
  { db },
) => {
  const base = '/diseaseactivities';

  app.get(`${base}/suggestedActions`, (request) =>
    listSuggestedActions(db, { lastNDays: lastNDaysOf(request) }),
  );

  app.get(`${base}/suggestedActions/unread`, (request) =>
    listSuggestedActions(db, { lastNDays: lastNDaysOf(request), unreadOnly: true }),
  );

  app.get(
    `${base}/suggestedActions/:diseaseId${idSegment}/:countryId${idSegment}`,
    async (request) => {
      const diseaseId = idParam(request, 'diseaseId');
      const countryId = idParam(request, 'countryId');
      const items = await listSuggestedActions(db, {
        lastNDays: lastNDaysOf(request),
        diseaseId,
        countryId,
      });
      if (items.length === 0) throw notFound(request);
      await markSuggestedActionRead(db, diseaseId, countryId);
      return items.map((item) => ({ ...item, isRead: true }));
    },
  );

  app.put(
    `${base}/suggestedAction/feedback/:diseaseId${idSegment}/:countryId${idSegment}/:reasonId${idSegment}`,
    async (request, reply) => {
      const diseaseId = idParam(request, 'diseaseId');
      const countryId = idParam(request, 'countryId');
      const reasonId = await reasonOr400(db, request);
      const done = await giveSuggestedActionFeedback(
        db,
        diseaseId,
        countryId,
        reasonId,
        currentUser(request).id,
      );
      if (!done) throw notFound(request);
      return reply.code(204).send();
    },
  );

  app.put(
    `${base}/suggestedAction/associate/:diseaseId${idSegment}/:countryId${idSegment}`,
    async (request) => {
      const diseaseId = idParam(request, 'diseaseId');
      const countryId = idParam(request, 'countryId');
      const { articleIds } = decodeOr400(AssociateSuggestedArticles, request.body);
      const result = await associateSuggestedArticles(db, {
        diseaseId,
        countryId,
        articleIds,
        userId: currentUser(request).id,
      });
      await reindex(request, db, result.articleIds);
      return result.answer;
    },
  );

  app.get(`${base}/suggestedReport/id`, async (request) => {
    const id = requiredIdQuery(request, 'id');
    const [report] = await suggestedReportsOf(db, null, id);
    if (!report) throw notFound(request);
    return report;
  });

  app.put(
    `${base}/suggestedReport/quality/:id${idSegment}/:reasonId${idSegment}`,
    async (request, reply) => {
      const id = idParam(request, 'id');
      const reasonId = await reasonOr400(db, request);
      if (!(await rateSuggestedReport(db, id, reasonId, currentUser(request).id)))
        throw notFound(request);
      return reply.code(204).send();
    },
  );
};
