import { todayOf } from '@domain/calendar-day';
import { CommittedTimelineJson, decodeCommittedTimeline } from '@domain/entries/committed-timeline';
import type { DailyTotalSource } from '@domain/entries/daily-totals';
import type { ActivityDetailJson, ValidateAnswerJson } from '@domain/entries/entries-api';
import type { PeriodSpan } from '@domain/entries/propagation';
import { bodyEntries } from '@domain/entries/submission-body';
import type { SubmissionContext, SubmissionLocation } from '@domain/entries/submission';
import { validateSubmission } from '@domain/entries/submission';
import type { CommittedIndex } from '@domain/entries/timeline-index';
import { indexCommitted } from '@domain/entries/timeline-index';
import { validateAnswerOf } from '@domain/entries/validate-answer';
import { EntryType, LocationType, ReportStatus } from '@domain/enums';
import type { ApiCallDeps } from '../api-call-deps';
import { isApiCallError } from '../errors';
import type { ActivityKey, EntriesCheckReady, EntriesSubmission } from './details-contract';
import { createBodyDecoder } from './body-decoder';

/**
 * The worker's own run of the entries rules (issue 6: "run in the worker for instant feedback,
 * and re-run by the server, which is the authority"): validateSubmission over the activity's
 * committed history, read once per activity version (GET …/reports/committedTimeline, 304 when
 * unchanged) and indexed once, with the SubmissionContext the server would build from what the
 * open detail shows. Where the worker knows less than the server, the comments below say so;
 * the Validate button and every save still ask the server.
 */

interface LoadedTimeline {
  readonly version: number;
  readonly entries: readonly DailyTotalSource[];
  readonly index: CommittedIndex<DailyTotalSource>;
  readonly periods: readonly PeriodSpan[];
}

const keyText = ({ diseaseActivityId, countryId }: ActivityKey) =>
  `${diseaseActivityId}/${countryId}`;

const isUncommitted = (status: ReportStatus | null) =>
  status === null || status === ReportStatus.Saved;

/** The submission context the server builds in prepareSubmission, from the detail and history. */
function contextOf(
  key: ActivityKey,
  detail: ActivityDetailJson,
  timeline: LoadedTimeline,
  submittedPlaces: readonly number[],
  reportCollectionId: number | null,
  today: string,
): SubmissionContext {
  const countryId = key.countryId;
  const places = new Map<number, SubmissionLocation>();
  for (const l of detail.locations) {
    places.set(l.id, {
      name: l.displayName,
      isCountry: l.id === countryId && l.type === LocationType.Country,
      // The detail lists the activity's places and its country: all inside it.
      inActivity: true,
    });
  }
  for (const id of submittedPlaces) {
    // A place added from Search/Add mode: the location search offers only places of the
    // activity's country. The worker cannot see a place's country; the server checks it
    // ('Location is not part of this disease activity').
    if (!places.has(id)) places.set(id, { name: String(id), isCountry: false, inActivity: true });
  }
  // Uncommitted entries outside this submission (the detail holds every uncommitted one).
  const elsewhere = detail.reports.filter(
    (r) => isUncommitted(r.reportStatus) && r.reportCollection.id !== reportCollectionId,
  );
  const periods = timeline.periods;
  return {
    committed: timeline.entries,
    committedIndex: timeline.index,
    locations: places,
    allowedDaysGap: detail.activity.countryDetails.allowedDaysGap,
    latestPeriod: periods[periods.length - 1] ?? null,
    priorPeriods: periods.slice(0, -1),
    lastEntryDate: detail.lastEntryDate,
    autoSurveillancePending: elsewhere.some((r) => r.type === EntryType.AUTO_SURVEILLANCE),
    pendingElsewhere: elsewhere.length > 0,
    today,
    // Not here: the diseases of linked articles (the 'Incorrect article' warning) and whether
    // linked articles and traveller origins exist. Only the server's validate says those.
  };
}

/** The check's two calls: load the history (once per version) and check a submission. */
export function createEntriesCheck(
  { request }: Pick<ApiCallDeps, 'request'>,
  detailOf: (key: ActivityKey) => ActivityDetailJson | undefined,
  now: () => number,
) {
  const loaded = new Map<string, LoadedTimeline>();
  const decodeBody = createBodyDecoder();
  const loading = new Map<
    string,
    Promise<{ timeline: LoadedTimeline; ready: EntriesCheckReady }>
  >();

  async function load(key: ActivityKey, version: number) {
    const cached = loaded.get(keyText(key));
    if (cached?.version === version) {
      return {
        timeline: cached,
        ready: { entries: cached.entries.length, read: false, indexMs: 0 },
      };
    }
    const path = `/diseaseactivities/${key.diseaseActivityId}/countries/${key.countryId}/reports/committedTimeline`;
    let json: CommittedTimelineJson;
    try {
      json = await request({
        method: 'GET',
        path,
        schema: CommittedTimelineJson,
        headers: cached === undefined ? {} : { 'If-None-Match': `"${cached.version}"` },
      });
    } catch (error) {
      // 304: the history read before is still the activity's (the detail was older).
      if (
        cached !== undefined &&
        isApiCallError(error) &&
        error._tag === 'ApiError' &&
        error.status === 304
      ) {
        return {
          timeline: cached,
          ready: { entries: cached.entries.length, read: false, indexMs: 0 },
        };
      }
      throw error;
    }
    const entries = decodeCommittedTimeline(json);
    const t0 = performance.now();
    const index = indexCommitted(entries);
    const indexMs = performance.now() - t0;
    const timeline = { version: json.version, entries, index, periods: json.periods };
    // One activity's history at a time: at 1,000 places × 365 days it is large.
    loaded.clear();
    loaded.set(keyText(key), timeline);
    return { timeline, ready: { entries: entries.length, read: true, indexMs } };
  }

  /** The history for the open detail's version, one load at a time. */
  function timelineFor(key: ActivityKey, detail: ActivityDetailJson) {
    const id = `${keyText(key)}@${detail.version}`;
    let pending = loading.get(id);
    if (pending === undefined) {
      pending = load(key, detail.version).finally(() => loading.delete(id));
      loading.set(id, pending);
    }
    return pending;
  }

  return {
    /** Reads and indexes the history of the open detail's version, unless already held. */
    async prepare(key: ActivityKey): Promise<EntriesCheckReady | null> {
      const detail = detailOf(key);
      if (detail === undefined) return null;
      return (await timelineFor(key, detail)).ready;
    },

    /**
     * The rules over a submission, answered as POST …/validate answers; null when no detail is
     * open or the body would not decode (the server's 400 says why).
     */
    async check(
      key: ActivityKey,
      submission: EntriesSubmission,
    ): Promise<ValidateAnswerJson | null> {
      const detail = detailOf(key);
      if (detail === undefined) return null;
      const body = decodeBody(submission.body);
      if (body === null) return null;
      const { timeline } = await timelineFor(key, detail);
      // Every saved entry of the collection is a draft of the details screen, so the body names
      // them all; the server also adds saved entries a body leaves out.
      const submitted = bodyEntries(body).map((e) => e.entry);
      const context = contextOf(
        key,
        detail,
        timeline,
        submitted.map((e) => e.locationId),
        submission.reportCollectionId,
        todayOf(now()),
      );
      const result = validateSubmission(submitted, context, submission.propagation);
      const names = new Map(detail.locations.map((l) => [l.id, l.displayName]));
      return validateAnswerOf(result, (id) => names.get(id) ?? String(id));
    },
  };
}
