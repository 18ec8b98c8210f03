import { displayDay } from '../calendar-day';
import { CommitStatus, EntryType, ReportStatus, entryTypeLabel } from '../enums';
import type { Importance, InactivityReason, ReportingPeriodType } from '../enums';
import { messages } from '../messages';
import type { Recomputed } from './case-arithmetic';
import { recomputeEntries } from './case-arithmetic';
import type { CaseCounts } from './case-figures';
import { validateCaseEntry } from './case-validation';
import type { DailyTotal, DailyTotalSource } from './daily-totals';
import { computeDailyTotals } from './daily-totals';
import type { EntryMessage } from './entry-message';
import { error, warningLow } from './entry-message';
import {
  validateCheckIn,
  validateEndReportingPeriod,
  validateNewReportingPeriod,
  validateSituationalUpdate,
  validateTraveller,
} from './entry-validation';
import type { PeriodSpan } from './propagation';
import { propagationAvailability, validatePropagation } from './propagation';
import { canAddEntry, isAddableEntryType } from './add-entry';
import { cumulativeStartOn } from './nesting';
import { caseDataReportedOnBounds, periodEntryEarliest } from './reported-on-bounds';
import type { CommittedIndex } from './timeline-index';
import { visibleTimelineOf } from './timeline-index';
import { visibleTimeline } from './timeline-window';

/**
 * Validation of one save or commit as a whole (spec 001 §4, §5, §7 "Validate"): every entry's
 * rules, the rules between an entry and the activity (locations, reporting periods, the
 * auto-surveillance lock, propagation), and the Daily Totals a commit writes. The worker runs
 * it for instant feedback; the server runs it again before writing.
 */

/** The type-specific fields of a submitted entry (form values, so possibly blank). */
export type SubmittedFields =
  | { readonly kind: 'case'; readonly counts: CaseCounts; readonly sourceId: string | null }
  | {
      readonly kind: 'traveller';
      readonly cases: number | null;
      readonly arrivalDate: string | null;
      readonly departureDate: string | null;
      readonly originId: number | null;
    }
  | {
      readonly kind: 'description';
      readonly title: string | null;
      readonly description: string | null;
      readonly importance: Importance | null;
    }
  | { readonly kind: 'inactivity'; readonly inactivityReason: InactivityReason | null }
  | { readonly kind: 'period'; readonly reportingPeriodType: ReportingPeriodType | null };

/** One entry of the submission: new, or a saved one of the collection (kept or changed). */
export interface SubmittedEntry extends DailyTotalSource {
  /** Where it came from, e.g. 'cases.0' (body key and index) or 'saved.42'. */
  readonly key: string;
  readonly fields: SubmittedFields;
}

/** A location as the submission rules need it. */
export interface SubmissionLocation {
  readonly name: string;
  readonly isCountry: boolean;
  /** Inside the activity's country (or the country itself). */
  readonly inActivity: boolean;
}

/** The activity around a submission. */
export interface SubmissionContext {
  /** Committed entries of the activity (case types, Daily Totals and period entries). */
  readonly committed: readonly DailyTotalSource[];
  readonly locations: ReadonlyMap<number, SubmissionLocation>;
  readonly allowedDaysGap: number;
  readonly latestPeriod: PeriodSpan | null;
  readonly priorPeriods: readonly PeriodSpan[];
  readonly lastEntryDate: string | null;
  /** Auto-surveillance entries outside this submission wait to be resolved. */
  readonly autoSurveillancePending: boolean;
  readonly today: string;
  /** The activity's disease, and the diseases of the linked articles (the 'Incorrect article' check). */
  readonly diseaseId?: number;
  readonly articleDiseaseIds?: ReadonlyMap<number, readonly number[]>;
  /**
   * Uncommitted entries of the activity outside this submission exist (another saved
   * collection): the activity is not fully committed, so no period entry may be added.
   */
  readonly pendingElsewhere?: boolean;
  /**
   * `committed` indexed once per load (timeline-index.ts): a check then costs the pending
   * entries, not the history. Must index the same entries as `committed`.
   */
  readonly committedIndex?: CommittedIndex<DailyTotalSource>;
  /**
   * The day of the activity's latest committed Daily Total, when `committed` holds only some
   * places (the server reads only the submission's); otherwise derived from `committed`.
   */
  readonly lastProcessedDay?: string | null;
}

export interface PropagationRequest {
  readonly propagate: boolean;
  readonly propagateUptoDate: string | null;
}

/** The messages of one entry. */
export interface EntryResult {
  readonly key: string;
  readonly locationId: number;
  readonly messages: readonly EntryMessage[];
}

export interface SubmissionResult {
  readonly entries: readonly EntryResult[];
  /** Messages about the submission as a whole (propagation). */
  readonly general: readonly EntryMessage[];
  /** The figures of the submitted case entries after the arithmetic, by key. */
  readonly counts: ReadonlyMap<string, CaseCounts>;
  readonly dailyTotals: readonly DailyTotal[];
}

const live = (e: SubmittedEntry) => e.reportStatus !== ReportStatus.Deleted;

/** Rules between an entry and the activity: place, date, lock, reporting periods. */
function placementMessages(
  entry: SubmittedEntry,
  context: SubmissionContext,
  submitted: readonly SubmittedEntry[],
): EntryMessage[] {
  const out: EntryMessage[] = [];
  const place = context.locations.get(entry.locationId);
  if (place === undefined || !place.inActivity) {
    out.push(error(messages.locationNotInActivity, 'locationId'));
  }
  if (context.autoSurveillancePending && entry.type !== EntryType.AUTO_SURVEILLANCE) {
    out.push(error(messages.pendingAutoSurveillanceBanner));
  }
  const label = entryTypeLabel[entry.type];
  const countryOnly =
    entry.type === EntryType.INACTIVITY ||
    entry.type === EntryType.NEW_REPORTING_PERIOD ||
    entry.type === EntryType.END_REPORTING_PERIOD;
  if (countryOnly && place !== undefined && !place.isCountry) {
    out.push(error(messages.countryLevelOnly(label), 'locationId'));
  }
  const diseaseId = context.diseaseId;
  if (diseaseId !== undefined && context.articleDiseaseIds !== undefined) {
    const known = context.articleDiseaseIds;
    const incorrect = (entry.articles ?? []).some((a) => {
      const ids = known.get(a);
      return ids !== undefined && !ids.includes(diseaseId);
    });
    if (incorrect) out.push(warningLow(messages.incorrectArticle, 'articles'));
  }
  if (entry.reportedOn !== null && entry.reportedOn > context.today) {
    out.push(error(messages.reportedOnInFuture, 'reportedOn'));
  }
  if (
    entry.type === EntryType.NEW_REPORTING_PERIOD ||
    entry.type === EntryType.END_REPORTING_PERIOD
  ) {
    const open = context.latestPeriod !== null && context.latestPeriod.endDate === null;
    // A new period after an end in the same submission is allowed: the end closes it first.
    const endingNow = submitted.some((s) => live(s) && s.type === EntryType.END_REPORTING_PERIOD);
    if (entry.type === EntryType.NEW_REPORTING_PERIOD && open && !endingNow) {
      out.push(error(messages.periodAlreadyOpen));
    }
    if (entry.type === EntryType.END_REPORTING_PERIOD && !open)
      out.push(error(messages.noOpenPeriod));
    const earliest = periodEntryEarliest({
      latestPeriod: context.latestPeriod,
      lastEntryDate: context.lastEntryDate,
    });
    if (entry.reportedOn !== null && earliest !== null && entry.reportedOn < earliest) {
      out.push(error(messages.periodEntryTooEarly(label, displayDay(earliest)), 'reportedOn'));
    }
  }
  return out;
}

/**
 * The add-entry rules (spec 001 §4) re-checked over the whole submission: could each entry
 * have been added beside the others? One pending entry of a type per location (check-in,
 * traveller, situational update), period entries only on their own and only when everything
 * else is committed, no case entry beside an undated one. The same canAddEntry the picker
 * uses; whether a period is open and the lock have their own messages.
 */
const isPeriodType = (t: EntryType) =>
  t === EntryType.NEW_REPORTING_PERIOD || t === EntryType.END_REPORTING_PERIOD;

/**
 * What canAddEntry reads of the other pending entries, gathered once per submission so the
 * check stays linear: the period entries, the entries by place and type, and one entry of
 * another kind than periods (a period entry needs to know only whether one exists).
 */
interface PendingSummary {
  readonly periods: readonly SubmittedEntry[];
  readonly byPlaceAndType: ReadonlyMap<string, readonly SubmittedEntry[]>;
  readonly nonPeriod: readonly SubmittedEntry[];
}

function summarisePending(submitted: readonly SubmittedEntry[]): PendingSummary {
  const periods: SubmittedEntry[] = [];
  const byPlaceAndType = new Map<string, SubmittedEntry[]>();
  const nonPeriod: SubmittedEntry[] = [];
  for (const s of submitted) {
    if (!live(s)) continue;
    if (isPeriodType(s.type)) periods.push(s);
    else if (nonPeriod.length < 2) nonPeriod.push(s);
    const key = `${s.locationId}:${s.type}`;
    const list = byPlaceAndType.get(key) ?? [];
    list.push(s);
    byPlaceAndType.set(key, list);
  }
  return { periods, byPlaceAndType, nonPeriod };
}

function pendingRuleMessages(
  entry: SubmittedEntry,
  context: SubmissionContext,
  summary: PendingSummary,
): EntryMessage[] {
  if (!isAddableEntryType(entry.type)) return [];
  // The others canAddEntry looks at. An end and a new period may go together (the end closes
  // the period first); an undated case entry has its own 'Reported on is a required field'.
  const others = [
    ...summary.periods,
    ...(summary.byPlaceAndType.get(`${entry.locationId}:${entry.type}`) ?? []),
    ...(isPeriodType(entry.type) ? summary.nonPeriod : []),
  ].filter(
    (s) =>
      s !== entry &&
      !(isPeriodType(entry.type) && isPeriodType(s.type) && s.type !== entry.type) &&
      !(
        entry.type === EntryType.CASE_DATA &&
        s.type === EntryType.CASE_DATA &&
        s.reportedOn === null
      ),
  );
  const allowed = canAddEntry(entry.type, {
    locationId: entry.locationId,
    isCountryLocation: context.locations.get(entry.locationId)?.isCountry ?? false,
    readOnly: false,
    commitStatus:
      context.pendingElsewhere === true
        ? CommitStatus.PartiallyCommitted
        : CommitStatus.FullyCommitted,
    hasActivePeriod: entry.type !== EntryType.NEW_REPORTING_PERIOD,
    propagationOn: false,
    pending: others.map((o) => ({
      locationId: o.locationId,
      type: o.type,
      reportedOn: o.reportedOn,
    })),
  });
  // Country-only types elsewhere already have countryLevelOnly.
  const countryOnlyElsewhere =
    (entry.type === EntryType.INACTIVITY || isPeriodType(entry.type)) &&
    context.locations.get(entry.locationId)?.isCountry !== true;
  if (allowed || countryOnlyElsewhere) return [];
  return [
    error(
      messages.entryNotAddableWithPending(
        entryTypeLabel[entry.type],
        isPeriodType(entry.type)
          ? 'period'
          : entry.type === EntryType.CASE_DATA
            ? 'case'
            : 'single',
      ),
    ),
  ];
}

/**
 * The earliest reported-on of a case entry (spec 001 §5): not before the reporting period its
 * cumulatives count in (a closed period's entries are reached only by propagation).
 */
function caseEarliestMessages(
  entry: SubmittedEntry,
  context: SubmissionContext,
  request: PropagationRequest,
): EntryMessage[] {
  if (entry.type !== EntryType.CASE_DATA || entry.reportedOn === null || request.propagate) {
    return [];
  }
  const periods = [
    ...context.priorPeriods,
    ...(context.latestPeriod === null ? [] : [context.latestPeriod]),
  ];
  const { earliest } = caseDataReportedOnBounds({
    previousCommittedOn: cumulativeStartOn(periods, context.today),
    otherUncommittedOn: [],
    today: context.today,
  });
  return earliest !== null && entry.reportedOn < earliest
    ? [
        error(
          messages.periodEntryTooEarly(entryTypeLabel[entry.type], displayDay(earliest)),
          'reportedOn',
        ),
      ]
    : [];
}

/** The entry's own rules, by kind. */
function fieldMessages(
  entry: SubmittedEntry,
  recomputed: Recomputed<SubmittedEntry> | undefined,
  context: SubmissionContext,
): EntryMessage[] {
  const f = entry.fields;
  switch (f.kind) {
    case 'case':
      if (entry.reportedOn === null || recomputed === undefined) {
        return [error(messages.reportedOnRequired, 'reportedOn')];
      }
      return validateCaseEntry(recomputed.entry.counts ?? f.counts, recomputed.previous, {
        reportedOn: entry.reportedOn,
        allowedDaysGap: context.allowedDaysGap,
        sourceId: f.sourceId,
      });
    case 'traveller':
      return [
        ...(entry.reportedOn === null ? [error(messages.reportedOnRequired, 'reportedOn')] : []),
        ...validateTraveller({ ...f, locationId: entry.locationId }),
      ];
    case 'description':
      return validateSituationalUpdate({ ...f, reportedOn: entry.reportedOn });
    case 'inactivity':
      return [
        ...(entry.reportedOn === null ? [error(messages.reportedOnRequired, 'reportedOn')] : []),
        ...validateCheckIn(f),
      ];
    case 'period':
      return entry.type === EntryType.NEW_REPORTING_PERIOD
        ? validateNewReportingPeriod({ ...f, reportedOn: entry.reportedOn })
        : validateEndReportingPeriod({ reportedOn: entry.reportedOn });
  }
}

/** The propagation rules: only a single historic case entry, to a valid date. */
function propagationMessages(
  submitted: readonly SubmittedEntry[],
  context: SubmissionContext,
  request: PropagationRequest,
): EntryMessage[] {
  if (!request.propagate) return [];
  const caseEntries = submitted.filter((e) => live(e) && e.type === EntryType.CASE_DATA);
  const lastProcessed =
    context.lastProcessedDay !== undefined
      ? context.lastProcessedDay
      : (context.committedIndex?.lastProcessedDay ??
        context.committed
          .filter((e) => e.type === EntryType.PROCESSED && e.reportedOn !== null)
          .reduce<string | null>(
            (a, e) => (a === null || (e.reportedOn ?? '') > a ? e.reportedOn : a),
            null,
          ));
  const availability = propagationAvailability({
    uncommittedCaseEntries: caseEntries,
    lastCommittedProcessedDate: lastProcessed,
    latestPeriod: context.latestPeriod,
    priorPeriods: context.priorPeriods,
  });
  if (!availability.available) {
    return [error(availability.message ?? messages.propagationUnavailable(''), 'propagate')];
  }
  return validatePropagation({
    propagate: true,
    propagateUptoDate: request.propagateUptoDate,
    latestReportedOn: context.lastEntryDate,
    periodEndDate: availability.period.endDate,
    today: context.today,
  });
}

/**
 * Validates a submission against its activity: per entry its own rules and its placement,
 * then propagation; computes the figures of its case entries and the Daily Totals a commit
 * of it writes. Deleted entries are not validated and take no part.
 */
export function validateSubmission(
  submitted: readonly SubmittedEntry[],
  context: SubmissionContext,
  request: PropagationRequest,
): SubmissionResult {
  const pending: SubmittedEntry[] = submitted
    .filter(live)
    .map((e) => ({ ...e, reportStatus: null }));
  // Only what the pending entries can see: the history before them folds into one row.
  const committed: DailyTotalSource[] =
    context.committedIndex === undefined
      ? visibleTimeline(context.committed, pending)
      : visibleTimelineOf(context.committedIndex, pending);
  // recomputeEntries answers in the order given: the pending entries follow the committed ones.
  const recomputed = recomputeEntries<DailyTotalSource>([...committed, ...pending]);
  const byKey = new Map<string, Recomputed<SubmittedEntry>>();
  pending.forEach((entry, i) => {
    const r = recomputed[committed.length + i];
    if (r !== undefined) {
      byKey.set(entry.key, { entry: { ...entry, counts: r.entry.counts }, previous: r.previous });
    }
  });
  const counts = new Map<string, CaseCounts>();
  for (const [key, r] of byKey) if (r.entry.counts !== null) counts.set(key, r.entry.counts);
  const summary = summarisePending(submitted);
  const entries = submitted.filter(live).map((entry) => ({
    key: entry.key,
    locationId: entry.locationId,
    messages: [
      ...placementMessages(entry, context, submitted),
      ...pendingRuleMessages(entry, context, summary),
      ...caseEarliestMessages(entry, context, request),
      ...fieldMessages(entry, byKey.get(entry.key), context),
    ],
  }));
  return {
    entries,
    general: propagationMessages(submitted, context, request),
    counts,
    dailyTotals: computeDailyTotals(recomputed, {
      propagateUptoDate: request.propagate ? request.propagateUptoDate : null,
    }),
  };
}
