import type { LinkExistingReports, LinkedReports } from '@domain/articles';
import type { AssessmentInput, AssessmentJson } from '@domain/assessments';
import type { ActivityCurveData } from '@domain/entries/epi-curve-totals';
import type { SearchArticlesResult } from '../article-results';
import type {
  ActivityDetailJson,
  DescriptionEditBody,
  DescriptionReportJson,
  HistoryRowJson,
  NestingAnswerJson,
  OverviewBody,
} from '@domain/entries/entries-api';

/** Which activity page a dialog acts on: the route's two ids (spec 001 §2). */
export interface DialogActivityKey {
  readonly diseaseActivityId: number;
  readonly countryId: number;
}

/**
 * What an activity write came to. `stale`: another analyst wrote first (412), the message says
 * so and nothing typed is lost; `refused`: the server's own check (400), in the spec's words.
 */
export type ActivityWriteResult<T> =
  | { readonly status: 'saved'; readonly value: T }
  | { readonly status: 'stale'; readonly message: string }
  | { readonly status: 'refused'; readonly errors: readonly string[] };

/** What linking articles to committed reports came to (spec 001 §8 on failure). */
export type LinkArticlesResult =
  | { readonly status: 'linked'; readonly value: LinkedReports }
  | { readonly status: 'failed'; readonly message: string };

/** The engine calls of the details screen's dialogs, overview and epidemic curve. */
export interface ActivityDialogsEngineApi {
  /**
   * PUT …/countries/{countryId} with If-Match `version` (spec 001 §7 "Update overview") → the
   * activity as it is after the edit.
   */
  updateActivityOverview(
    key: DialogActivityKey,
    version: number,
    body: OverviewBody,
  ): Promise<ActivityWriteResult<ActivityDetailJson>>;
  /** GET …/reports/description/{reportId}: a situational update with its earlier versions. */
  getDescriptionReport(key: DialogActivityKey, reportId: number): Promise<DescriptionReportJson>;
  /**
   * PUT …/reports/description/versions/{reportId} with If-Match `version`. Failures are only
   * logged (spec 001 §8 "Description update failures are only logged, with no user message").
   */
  editDescriptionReport(
    key: DialogActivityKey,
    version: number,
    reportId: number,
    body: DescriptionEditBody,
  ): Promise<ActivityWriteResult<DescriptionReportJson>>;
  /** The audit rows of one entry (GET /api/diseaseactivities/{id}/history), latest first. */
  getEntryHistory(diseaseActivityId: number, reportId: number): Promise<readonly HistoryRowJson[]>;
  /** GET …/country/{countryId}/location/{locationId}/nesting/reportedOn/{reportedOn}. */
  getNesting(
    key: DialogActivityKey,
    locationId: number,
    reportedOn: string,
  ): Promise<NestingAnswerJson>;
  /**
   * The associated-articles search (spec 001 §7): the article search service, $top 10,
   * searchFields articleId, articleTitle, diseaseIds. Failures are logged and answer `error`.
   */
  searchArticlesToLink(text: string): Promise<SearchArticlesResult>;
  /**
   * What the epidemic curves draw: every committed Daily Total of the activity (GET
   * …/numDays/{all days}), its places and reporting periods; the reports stay in the worker.
   */
  getActivityCurveData(key: DialogActivityKey): Promise<ActivityCurveData>;
  /** GET /api/diseaseactivities/{id}/assessments: the activity's assessments, latest first. */
  getAssessments(diseaseActivityId: number): Promise<readonly AssessmentJson[]>;
  /** POST /api/diseaseactivities/{id}/assessments; a 400 answers its messages. */
  addAssessment(
    diseaseActivityId: number,
    input: AssessmentInput,
  ): Promise<
    | { readonly status: 'saved'; readonly value: AssessmentJson }
    | { readonly status: 'refused'; readonly errors: readonly string[] }
  >;
  /** PUT /api/articles/link-existing-reports; a failure answers its message (no IST Error alert). */
  linkArticlesToReports(body: LinkExistingReports): Promise<LinkArticlesResult>;
}
