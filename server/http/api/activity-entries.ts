import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isCalendarDay, todayOf } from '@domain/calendar-day';
import { EntriesBody, OverviewBody, collectionOfEtag } from '@domain/entries/entries-api';
import { validateOverview } from '@domain/disease-activities';
import { updateOverview } from '../../db/repositories/activity-overview';
import type { PropagationRequest } from '@domain/entries/submission';
import { validateAnswerOf } from '@domain/entries/validate-answer';
import { messages } from '@domain/messages';
import type { Db } from '../../db/client';
import type { FoundActivity } from '../../db/repositories/activity-detail';
import { activityDetail, findActivity } from '../../db/repositories/activity-detail';
import { prepareSubmission } from '../../db/repositories/entries-submission';
import { StaleVersion } from '../../db/repositories/activity-version-lock';
import { saveEntries } from '../../db/repositories/entries-save';
import { committedTimeline } from '../../db/repositories/committed-timeline';
import { sendJson } from '../send-json';
import { currentUser } from '../current-user';
import { ApiError, badRequest, sendErrors } from '../errors';
import { decodeOr400 } from '../validate';
import { idParam, idSegment, paramOf, parseId, queryOf, reindex } from './route-helpers';
import { recentDays } from '@domain/entries/entries-api';

/** What the entries routes need. */
export interface ActivityEntriesDeps {
  readonly db: Db;
  /** The product's public origin, for the activity link in notification mails. */
  readonly publicUrl: string;
  /** Runs after a commit is stored (nudges the mail sender). */
  readonly afterCommit: () => void;
}

const activityPath = `/diseaseactivities/:activityId${idSegment}/countries/:countryId${idSegment}`;

/** The version as an ETag: a strong validator of the activity's entries. */
export const etagOf = (version: number) => `"${version}"`;

/** The version named by an If-Match header ("12" or W/"12"); undefined when absent or '*'. */
export function versionOfIfMatch(header: string | undefined): number | 'invalid' | undefined {
  if (header === undefined || header.trim() === '' || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"(\d+)"\s*$/.exec(header);
  return match?.[1] === undefined ? 'invalid' : Number(match[1]);
}

/** The server's UTC day. */
export const today = () => todayOf(Date.now());

/** The activity of the path, or 404. */
async function activityOf(db: Db, request: FastifyRequest): Promise<FoundActivity> {
  const activityId = idParam(request, 'activityId');
  const found = await findActivity(db, activityId, idParam(request, 'countryId'));
  if (found === undefined) throw new ApiError(404, [messages.diseaseActivityNotFound(activityId)]);
  return found;
}

/** propagate and propagateUptoDate of a query (or of the validate path). */
function propagationOf(
  request: FastifyRequest,
  propagateText: string | undefined,
): PropagationRequest {
  const problems: string[] = [];
  let propagate = false;
  if (propagateText !== undefined) {
    if (propagateText !== 'true' && propagateText !== 'false') {
      problems.push(messages.invalidBoolean('propagate'));
    }
    propagate = propagateText === 'true';
  }
  const upto = queryOf(request, 'propagateUptoDate') ?? null;
  if (upto !== null && !isCalendarDay(upto))
    problems.push(messages.invalidDate('propagateUptoDate'));
  if (problems.length > 0) throw badRequest(problems);
  return { propagate, propagateUptoDate: upto };
}

/**
 * 412 for a write whose If-Match names an old version: the message, and the activity as it
 * is now (with its ETag) so the analyst's screen can show the other analyst's work.
 */
export async function sendStale(
  db: Db,
  reply: FastifyReply,
  activityId: number,
  countryId: number,
) {
  const found = await findActivity(db, activityId, countryId);
  if (found === undefined) throw new ApiError(404, [messages.diseaseActivityNotFound(activityId)]);
  const current = await activityDetail(db, found, recentDays, today());
  return reply
    .code(412)
    .header('etag', etagOf(current.version))
    .send({ errors: [messages.staleVersion], current });
}

/** The If-Match version of a write, or a 428 sent (answers undefined then). */
export function requiredVersion(request: FastifyRequest, reply: FastifyReply): number | undefined {
  const expected = versionOfIfMatch(request.headers['if-match']);
  if (expected === undefined) {
    void sendErrors(reply, 428, [messages.preconditionRequired]);
    return undefined;
  }
  // An unreadable If-Match can match no version: it is stale.
  return expected === 'invalid' ? -1 : expected;
}

/**
 * The per-activity entries calls of spec 001 §7 (shapes in src/domain/entries/entries-api.ts):
 *
 * - GET …/countries/{countryId}/numDays/{numDays} → ActivityDetailJson, ETag "{version}";
 *   ?reports=country answers with the country location's reports only (the screen's first
 *   paint; designed, the spec has no such parameter), any other value 400.
 * - GET …/countries/{countryId}/reports/committedTimeline → CommittedTimelineJson (the
 *   committed history the rules walk, as columns, for the worker's own check), ETag "{version}";
 *   If-None-Match naming the current version → 304 with no body.
 * - POST …/countries/{countryId}/reports/{propagate}/validate?propagateUptoDate → 200
 *   ValidateAnswerJson (errors are answers here, not failures; 400 only for a bad body).
 * - POST …/countries/{countryId}/reports/propagate?propagate&propagateUptoDate (new collection)
 *   and PUT …/reports/{reportId}/propagate (the saved collection {reportId}): EntriesBody →
 *   201 / 200 SaveAnswerJson with the new ETag. If-Match "{version}" is required (428 without);
 *   a stale one gets 412 `{ errors, current }` with the current detail and its ETag. The
 *   server validates again: 400 lists the errors in the spec's words, nothing is written.
 * - PUT …/countries/{countryId}: OverviewBody (riskModelId, publiclyVisible,
 *   daysNeededForUpdate, allowedDaysGap, notes), If-Match → 200 ActivityDetailJson with the
 *   new ETag; 400 with the overview's §5 messages.
 */
export const activityEntriesRoutes: FastifyPluginAsync<ActivityEntriesDeps> = async (
  app,
  { db, publicUrl, afterCommit },
) => {
  app.get(`${activityPath}/numDays/:numDays${idSegment}`, async (request, reply) => {
    const found = await activityOf(db, request);
    const numDays = idParam(request, 'numDays');
    // ?reports=country: the country's entries only, for the screen's first paint (issue 31).
    const reportsOf = queryOf(request, 'reports');
    if (reportsOf !== undefined && reportsOf !== 'country') {
      throw badRequest([messages.detailReportsChoice]);
    }
    const detail = await activityDetail(db, found, numDays, today(), {
      countryOnly: reportsOf === 'country',
    });
    return reply.header('etag', etagOf(detail.version)).send(detail);
  });

  app.get(`${activityPath}/reports/committedTimeline`, async (request, reply) => {
    const found = await activityOf(db, request);
    const { version, diseaseActivityId } = found.activity;
    // Always revalidated: the ETag is the activity's version, cheap to compare.
    void reply.header('etag', etagOf(version)).header('cache-control', 'private, no-cache');
    if (versionOfIfMatch(request.headers['if-none-match']) === version) {
      return reply.code(304).send();
    }
    return sendJson(request, reply, await committedTimeline(db, diseaseActivityId, version));
  });

  app.post(`${activityPath}/reports/:propagate/validate`, async (request) => {
    const found = await activityOf(db, request);
    const propagation = propagationOf(request, paramOf(request, 'propagate'));
    const body = decodeOr400(EntriesBody, request.body);
    const collectionText = queryOf(request, 'reportCollectionId');
    const collectionId = collectionText === undefined ? null : (parseId(collectionText) ?? null);
    if (collectionText !== undefined && collectionId === null) {
      throw badRequest([messages.invalidId('reportCollectionId')]);
    }
    const prepared = await prepareSubmission(db, found, collectionId, body, propagation, today());
    return validateAnswerOf(prepared.result, (id) => prepared.locationNames.get(id) ?? String(id));
  });

  const save = async (
    request: FastifyRequest,
    reply: FastifyReply,
    collectionId: number | null,
  ) => {
    const activityId = idParam(request, 'activityId');
    const countryId = idParam(request, 'countryId');
    // A collection's ETag names that collection and its version (it is stale anywhere else).
    const named = collectionOfEtag(request.headers['if-match'] ?? '');
    const expected = named === undefined ? requiredVersion(request, reply) : -1;
    if (expected === undefined) return reply;
    const propagation = propagationOf(request, queryOf(request, 'propagate'));
    const body = decodeOr400(EntriesBody, request.body);
    // A commit computes Daily Totals (and the warnings to confirm) from the whole activity, so it
    // must name the activity's version: with a collection's only, the analyst could commit over
    // figures and warnings that another analyst's commit changed since they were shown.
    if (named !== undefined && body.commitChanges) {
      return sendErrors(reply, 428, [messages.commitNeedsActivityVersion]);
    }
    const user = currentUser(request);
    try {
      const answer = await saveEntries(db, {
        activityId,
        countryId,
        collectionId,
        body,
        propagation,
        expectedVersion: expected,
        ...(named === undefined
          ? {}
          : { expectedCollectionVersion: named.id === collectionId ? named.version : -1 }),
        userId: user.id,
        today: today(),
        publicUrl,
      });
      if (answer.committed) afterCommit();
      const articleIds = [
        ...new Set(
          [body.cases, body.travellers, body.descriptions, body.inactivities, body.reportingPeriods]
            .flat()
            .flatMap((e) => e.articles),
        ),
      ];
      if (articleIds.length > 0) await reindex(request, db, articleIds);
      return await reply
        .code(collectionId === null ? 201 : 200)
        .header('etag', etagOf(answer.version))
        .send(answer);
    } catch (error) {
      if (error instanceof StaleVersion) return sendStale(db, reply, activityId, countryId);
      throw error;
    }
  };

  app.put(activityPath, async (request, reply) => {
    const activityId = idParam(request, 'activityId');
    const countryId = idParam(request, 'countryId');
    const expected = requiredVersion(request, reply);
    if (expected === undefined) return reply;
    if (request.body !== undefined && request.body !== null) {
      const problems = validateOverview(request.body, today());
      if (problems.length > 0) throw badRequest(problems.map((p) => p.message));
    }
    const body = decodeOr400(OverviewBody, request.body);
    try {
      await updateOverview(db, activityId, countryId, body, expected, currentUser(request).id);
    } catch (error) {
      if (error instanceof StaleVersion) return sendStale(db, reply, activityId, countryId);
      throw error;
    }
    const found = await activityOf(db, request);
    const detail = await activityDetail(db, found, recentDays, today());
    return reply.header('etag', etagOf(detail.version)).send(detail);
  });

  app.post(`${activityPath}/reports/propagate`, (request, reply) => save(request, reply, null));
  app.put(`${activityPath}/reports/:reportId${idSegment}/propagate`, (request, reply) =>
    save(request, reply, idParam(request, 'reportId')),
  );
};
