import { Schema } from 'effect';
import { LinkedReports } from '@domain/articles';
import { AssessmentJson } from '@domain/assessments';
import {
  ActivityDetailJson,
  DescriptionReportJson,
  HistoryRowJson,
  NestingAnswerJson,
} from '@domain/entries/entries-api';
import { activityCurveDataOf } from '@domain/entries/epi-curve-totals';
import type { ApiCall } from '../api-client';
import type { ApiCallDeps } from '../api-call-deps';
import { isApiCallError, type ApiCallError } from '../errors';
import { requireParam } from '../require-param';
import type {
  ActivityDialogsEngineApi,
  ActivityWriteResult,
  DialogActivityKey,
} from './dialogs-contract';

const activityPath = ({ diseaseActivityId, countryId }: DialogActivityKey) =>
  `/diseaseactivities/${diseaseActivityId}/countries/${countryId}`;

/** Days back the curve asks the detail for: all of an activity's history (since 2000). */
const allDays = 36_500;

/** The audit endpoint's largest page: an entry's rows are looked for among these. */
const historyLimit = 1000;

/**
 * The details screen's dialog calls in the engine (spec 001 §7): overview edit, description
 * versions, an entry's audit history, nesting and article links. Writes name the activity
 * version the analyst saw (If-Match); a stale or refused write is an answer, not an alert.
 */
export function createActivityDialogsApi({
  request,
  report,
}: ApiCallDeps): Omit<ActivityDialogsEngineApi, 'searchArticlesToLink'> {
  /** Runs a read; a failure follows spec 000 §8 (alert, log, sign-out) and rejects. */
  async function read<A, I>(call: ApiCall<A, I>): Promise<A> {
    try {
      return await request(call);
    } catch (error) {
      if (isApiCallError(error)) report(error, { alert: true });
      throw error;
    }
  }

  /** Runs a versioned write: 412 and 400 become answers; other failures reject. */
  async function write<A, I>(call: ApiCall<A, I>, alert: boolean): Promise<ActivityWriteResult<A>> {
    try {
      return { status: 'saved', value: await request(call) };
    } catch (error) {
      if (!isApiCallError(error)) throw error;
      const answered = error._tag === 'ApiError' && (error.status === 412 || error.status === 400);
      report(error, { alert: alert && !answered });
      if (error._tag === 'ApiError' && error.status === 412) {
        return { status: 'stale', message: error.errors[0] ?? error.message };
      }
      if (error._tag === 'ApiError' && error.status === 400) {
        return { status: 'refused', errors: error.errors };
      }
      throw error;
    }
  }

  const ifMatch = (version: number) => ({ 'If-Match': `"${requireParam('version', version)}"` });

  return {
    updateActivityOverview(key, version, body) {
      return write(
        {
          method: 'PUT',
          path: activityPath(requireParam('key', key)),
          headers: ifMatch(version),
          body: requireParam('body', body),
          schema: ActivityDetailJson,
        },
        true,
      );
    },

    getDescriptionReport(key, reportId) {
      return read({
        method: 'GET',
        path: `${activityPath(requireParam('key', key))}/reports/description/${requireParam('reportId', reportId)}`,
        schema: DescriptionReportJson,
      });
    },

    editDescriptionReport(key, version, reportId, body) {
      return write(
        {
          method: 'PUT',
          path: `${activityPath(requireParam('key', key))}/reports/description/versions/${requireParam('reportId', reportId)}`,
          headers: ifMatch(version),
          body: requireParam('body', body),
          schema: DescriptionReportJson,
        },
        false,
      );
    },

    async getEntryHistory(diseaseActivityId, reportId) {
      const rows = await read({
        method: 'GET',
        path: `/diseaseactivities/${requireParam('diseaseActivityId', diseaseActivityId)}/history?limit=${historyLimit}`,
        schema: Schema.Array(HistoryRowJson),
      });
      const id = String(requireParam('reportId', reportId));
      return rows.filter((row) => row.entity === 'report' && row.entityId === id);
    },

    async getActivityCurveData(key) {
      const detail = await read({
        method: 'GET',
        path: `${activityPath(requireParam('key', key))}/numDays/${allDays}`,
        schema: ActivityDetailJson,
      });
      return activityCurveDataOf(detail);
    },

    getAssessments(diseaseActivityId) {
      return read({
        method: 'GET',
        path: `/diseaseactivities/${requireParam('diseaseActivityId', diseaseActivityId)}/assessments`,
        schema: Schema.Array(AssessmentJson),
      });
    },

    async addAssessment(diseaseActivityId, input) {
      const result = await write(
        {
          method: 'POST',
          path: `/diseaseactivities/${requireParam('diseaseActivityId', diseaseActivityId)}/assessments`,
          body: requireParam('input', input),
          schema: AssessmentJson,
        },
        true,
      );
      if (result.status === 'stale') throw new Error(result.message);
      return result;
    },

    getNesting(key, locationId, reportedOn) {
      const { diseaseActivityId, countryId } = requireParam('key', key);
      return read({
        method: 'GET',
        path: `/diseaseactivities/${diseaseActivityId}/country/${countryId}/location/${requireParam('locationId', locationId)}/nesting/reportedOn/${encodeURIComponent(requireParam('reportedOn', reportedOn))}`,
        schema: NestingAnswerJson,
      });
    },

    async linkArticlesToReports(body) {
      try {
        const value = await request({
          method: 'PUT',
          path: '/articles/link-existing-reports',
          body: requireParam('body', body),
          schema: LinkedReports,
        });
        return { status: 'linked', value };
      } catch (error) {
        if (!isApiCallError(error)) throw error;
        // Spec 001 §8: its own alert ('Failed to link articles to committed report.' and the
        // message) replaces the 'IST Error: …' one; 401 still signs out, the log still gets it.
        report(error, { alert: false });
        return { status: 'failed', message: failureMessage(error) };
      }
    },
  };
}

/** The server's messages, or what went wrong on the way. */
function failureMessage(error: ApiCallError): string {
  if (error._tag === 'ApiError' && error.errors.length > 0) return error.errors.join('. ');
  return error.message;
}
