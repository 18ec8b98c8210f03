import { addDays, todayOf } from '@domain/calendar-day';
import { ReportStatus } from '@domain/enums';
import {
  caseEntryTypes,
  periodEntryTypes,
  recomputeEntries,
  type TimelineEntry,
} from '@domain/entries/case-arithmetic';
import type { CaseCounts } from '@domain/entries/case-figures';
import {
  ActivityDetailJson,
  ReportsFromDateJson,
  SaveAnswerJson,
  ValidateAnswerJson,
  recentDays,
  type ReportJson,
} from '@domain/entries/entries-api';
import type { ApiCallDeps } from '../api-call-deps';
import { isApiCallError } from '../errors';
import { requireParam } from '../require-param';
import { createEntriesCheck } from './entries-check';
import type {
  ActivityDetailsEngineApi,
  ActivityKey,
  EntriesSubmission,
  PendingCaseEntry,
} from './details-contract';

/** The figures of a report that carries them, or null. */
export function countsOf(report: ReportJson): CaseCounts | null {
  const { reportedCases, suspectedCases, confirmedCases, deaths } = report;
  if (!reportedCases || !suspectedCases || !confirmedCases || !deaths) return null;
  return { reportedCases, suspectedCases, confirmedCases, deaths };
}

const activityPath = ({ diseaseActivityId, countryId }: ActivityKey) =>
  `/diseaseactivities/${diseaseActivityId}/countries/${countryId}`;

const keyText = ({ diseaseActivityId, countryId }: ActivityKey) =>
  `${diseaseActivityId}/${countryId}`;

function query(parameters: Record<string, string | null>): string {
  const parts = Object.entries(parameters)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

type TimelineItem = TimelineEntry & { readonly key: string | null };

/**
 * The committed entries the recompute walks: case figures and period entries of the open
 * detail, at the locations being typed into (a period entry resets them all, so it stays).
 */
function committedTimeline(
  detail: ActivityDetailJson,
  locations: ReadonlySet<number>,
  histories: ReadonlyMap<number, readonly ReportJson[]>,
) {
  const out: TimelineItem[] = [];
  const reports = [
    ...detail.reports.filter((r) => !histories.has(r.locationId) || periodEntryTypes.has(r.type)),
    ...[...histories.values()].flat(),
  ];
  for (const report of reports) {
    if (report.reportStatus !== ReportStatus.Committed) continue;
    const isPeriod = periodEntryTypes.has(report.type);
    if (!isPeriod && !(caseEntryTypes.has(report.type) && locations.has(report.locationId))) {
      continue;
    }
    out.push({
      key: null,
      locationId: report.locationId,
      type: report.type,
      reportedOn: report.reportedOn,
      reportStatus: report.reportStatus,
      counts: countsOf(report),
    });
  }
  return out;
}

/**
 * The details screen's calls in the engine (spec 001 §7): the detail (kept here with its
 * version, the ETag every write names in If-Match), a location's history, the case recompute,
 * validate and save. The UI gets plain answers; a stale write answers `stale`, not an alert.
 */
export function createActivityDetailsApi(
  { request, report }: ApiCallDeps,
  now: () => number = Date.now,
): ActivityDetailsEngineApi {
  const details = new Map<string, ActivityDetailJson>();
  /** Locations' whole committed case history, fetched for entries dated before the detail's window. */
  const caseHistories = new Map<string, Map<number, readonly ReportJson[]>>();

  /** The history of the locations whose pending entries are older than what the detail holds. */
  async function historiesFor(
    key: ActivityKey,
    detail: ActivityDetailJson,
    pending: readonly PendingCaseEntry[],
  ): Promise<Map<number, readonly ReportJson[]>> {
    const kept = caseHistories.get(keyText(key)) ?? new Map<number, readonly ReportJson[]>();
    caseHistories.set(keyText(key), kept);
    for (const entry of pending) {
      if (entry.reportedOn === null || kept.has(entry.locationId)) continue;
      const latest = detail.reports
        .filter(
          (r) => r.locationId === entry.locationId && r.reportStatus === ReportStatus.Committed,
        )
        .reduce<string | null>((a, r) => (a === null || r.reportedOn > a ? r.reportedOn : a), null);
      if (latest === null || entry.reportedOn >= latest) continue;
      const answer = await api.getLocationReports(key, entry.locationId);
      kept.set(entry.locationId, answer.processedCases);
    }
    return kept;
  }

  /** Runs a call, reporting its failure: with the 'IST Error' alert, or quietly (a pre-check). */
  async function reported<A>(run: () => Promise<A>, alert = true): Promise<A> {
    try {
      return await run();
    } catch (error) {
      if (isApiCallError(error)) report(error, { alert });
      throw error;
    }
  }
  const alerting = <A>(run: () => Promise<A>) => reported(run);
  const quietly = <A>(run: () => Promise<A>) => reported(run, false);

  const check = createEntriesCheck({ request }, (key) => details.get(keyText(key)), now);

  const api: ActivityDetailsEngineApi = {
    async openActivityDetails(key) {
      requireParam('key', key);
      const detail = await alerting(() =>
        request({
          method: 'GET',
          path: `${activityPath(key)}/numDays/${recentDays}`,
          schema: ActivityDetailJson,
        }),
      );
      details.set(keyText(key), detail);
      caseHistories.delete(keyText(key));
      return detail;
    },

    openActivityHead(key) {
      requireParam('key', key);
      // No alert: the whole detail follows, and its failure is the one the screen shows.
      return request({
        method: 'GET',
        path: `${activityPath(key)}/numDays/${recentDays}?reports=country`,
        schema: ActivityDetailJson,
      });
    },

    getLocationReports(key, locationId) {
      requireParam('locationId', locationId);
      // Everything dated before tomorrow: the location's whole history.
      const tomorrow = addDays(todayOf(now()), 1);
      return alerting(() =>
        request({
          method: 'GET',
          path: `/diseaseactivities/${key.diseaseActivityId}/country/${key.countryId}/location/${locationId}/caseDate/${tomorrow}`,
          schema: ReportsFromDateJson,
        }),
      );
    },

    async recomputeCaseEntries(key, entries) {
      const detail = details.get(keyText(requireParam('key', key)));
      const pending = requireParam('entries', entries);
      if (detail === undefined || pending.length === 0) return [];
      const locations = new Set(pending.map((e) => e.locationId));
      const histories = await historiesFor(key, detail, pending);
      const timeline: TimelineItem[] = [
        ...committedTimeline(detail, locations, histories),
        ...pending.map((e: PendingCaseEntry) => ({ ...e, counts: e.counts })),
      ];
      const recomputed = recomputeEntries(timeline);
      return recomputed.flatMap(({ entry, previous }) =>
        entry.key === null || entry.counts === null
          ? []
          : [{ key: entry.key, counts: entry.counts, previous }],
      );
    },

    validateEntries(key, submission: EntriesSubmission) {
      const { body, propagation, reportCollectionId } = requireParam('submission', submission);
      const propagate = propagation.propagate ? 'true' : 'false';
      return alerting(() =>
        request({
          method: 'POST',
          path: `${activityPath(key)}/reports/${propagate}/validate${query({
            propagateUptoDate: propagation.propagateUptoDate,
            reportCollectionId: reportCollectionId === null ? null : String(reportCollectionId),
          })}`,
          body,
          schema: ValidateAnswerJson,
        }),
      );
    },

    prepareEntriesCheck(key) {
      return quietly(() => check.prepare(requireParam('key', key)));
    },

    checkEntries(key, submission) {
      return quietly(() =>
        check.check(requireParam('key', key), requireParam('submission', submission)),
      );
    },

    async saveEntries(key, submission) {
      const { body, propagation, reportCollectionId } = requireParam('submission', submission);
      const detail = details.get(keyText(key));
      const version = detail?.version ?? -1;
      const collection = reportCollectionId === null ? '' : `/${reportCollectionId}`;
      try {
        const answer = await request({
          method: reportCollectionId === null ? 'POST' : 'PUT',
          path: `${activityPath(key)}/reports${collection}/propagate${query({
            propagate: propagation.propagate ? 'true' : 'false',
            propagateUptoDate: propagation.propagateUptoDate,
          })}`,
          body,
          headers: { 'If-Match': `"${version}"` },
          schema: SaveAnswerJson,
        });
        if (detail !== undefined) details.set(keyText(key), { ...detail, version: answer.version });
        return { status: 'saved', answer };
      } catch (error) {
        if (!isApiCallError(error) || error._tag !== 'ApiError') throw error;
        if (error.status === 412) {
          report(error, { alert: false });
          return { status: 'stale', message: error.errors[0] ?? error.message };
        }
        if (error.status === 400) {
          report(error, { alert: false });
          return { status: 'refused', errors: error.errors };
        }
        report(error, { alert: true });
        throw error;
      }
    },
  };
  return api;
}
