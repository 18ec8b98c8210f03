import type { EntryType, ReportStatus } from '@domain/enums';
import type { CaseCounts } from '@domain/entries/case-figures';
import type { PreviousEntry } from '@domain/entries/case-arithmetic';
import type {
  ActivityDetailJson,
  EntriesBody,
  ReportsFromDateJson,
  SaveAnswerJson,
  ValidateAnswerJson,
} from '@domain/entries/entries-api';
import type { PropagationRequest } from '@domain/entries/submission';

/** Which activity page: the route's two ids (spec 001 §2). */
export interface ActivityKey {
  readonly diseaseActivityId: number;
  readonly countryId: number;
}

/** A case entry being typed (new or saved), as the recompute needs it. */
export interface PendingCaseEntry {
  /** The UI's key for the entry (stable while it is edited). */
  readonly key: string;
  readonly locationId: number;
  readonly type: EntryType;
  readonly reportedOn: string | null;
  readonly reportStatus: ReportStatus | null;
  readonly counts: CaseCounts;
}

/** A pending case entry with its untyped halves derived, and what came before it. */
export interface RecomputedCaseEntry {
  readonly key: string;
  readonly counts: CaseCounts;
  readonly previous: PreviousEntry;
}

/** What a validate or save sends besides the entries (spec 001 §7). */
export interface EntriesSubmission {
  readonly body: typeof EntriesBody.Encoded;
  readonly propagation: PropagationRequest;
  /** The saved collection the entries belong to, or null for a new one. */
  readonly reportCollectionId: number | null;
}

/** What a save came to: saved (or committed), or refused because the activity moved on. */
export type SaveEntriesResult =
  | { readonly status: 'saved'; readonly answer: SaveAnswerJson }
  | {
      /** 412: another analyst wrote first; the message says so, nothing typed is lost. */
      readonly status: 'stale';
      readonly message: string;
    }
  | {
      /** 400: the server's own check refused the entries, in the spec's words. */
      readonly status: 'refused';
      readonly errors: readonly string[];
    };

/** The worker's history for its own check, ready: how many entries, and whether it was read now. */
export interface EntriesCheckReady {
  readonly entries: number;
  /** False when the history of this version was already held (or the server answered 304). */
  readonly read: boolean;
  /** Time to index it (0 when it was held). */
  readonly indexMs: number;
}

/** The engine calls of the disease activity details screen. */
export interface ActivityDetailsEngineApi {
  /** GET …/countries/{countryId}/numDays/5: the activity, its locations and recent entries. */
  openActivityDetails(key: ActivityKey): Promise<ActivityDetailJson>;
  /**
   * The same call with `?reports=country`: every field of the detail, the reports of the
   * country's own location only. The screen paints its first table from it while the whole
   * detail is read (issue 31); the engine keeps only the whole one.
   */
  openActivityHead(key: ActivityKey): Promise<ActivityDetailJson>;
  /** Every committed report of a location (GET …/location/{id}/caseDate/{tomorrow}). */
  getLocationReports(key: ActivityKey, locationId: number): Promise<ReportsFromDateJson>;
  /**
   * The pending case entries recomputed against the activity's committed entries (the open
   * detail): new cases and cumulative derived from the previous entry at each location.
   */
  recomputeCaseEntries(
    key: ActivityKey,
    entries: readonly PendingCaseEntry[],
  ): Promise<readonly RecomputedCaseEntry[]>;
  /** POST …/reports/{propagate}/validate: warnings, errors and the Daily Totals to come. */
  validateEntries(key: ActivityKey, submission: EntriesSubmission): Promise<ValidateAnswerJson>;
  /**
   * Reads and indexes the activity's committed history for checkEntries (GET
   * …/reports/committedTimeline, once per version of the open detail); null with no detail open.
   */
  prepareEntriesCheck(key: ActivityKey): Promise<EntriesCheckReady | null>;
  /**
   * The pre-check: the entries rules run in the worker over the submission, answered as the
   * server's validate answers (its figures and messages), without asking the server. The
   * server's validate stays the authority (it also knows the linked articles' diseases). Null
   * with no detail open or a body the server would refuse with 400.
   */
  checkEntries(key: ActivityKey, submission: EntriesSubmission): Promise<ValidateAnswerJson | null>;
  /** POST or PUT …/reports[/{reportCollectionId}]/propagate with If-Match: save or commit. */
  saveEntries(key: ActivityKey, submission: EntriesSubmission): Promise<SaveEntriesResult>;
}
