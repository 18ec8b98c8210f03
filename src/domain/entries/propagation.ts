import { addDays, displayDay, isCalendarDay } from '../calendar-day';
import { messages } from '../messages';
import type { EntryMessage } from './entry-message';
import { error } from './entry-message';

/**
 * Propagation (spec 001 §4 "Propagation toggle", §5 "Propagation", §8 tooltip): a single
 * historic case-data entry may carry its new cases into the cumulative counts of the later
 * Daily Totals, up to a chosen date.
 */

/** A reporting period as the detail call answers it. */
export interface PeriodSpan {
  readonly startDate: string;
  /** Null while open. */
  readonly endDate: string | null;
}

export interface PropagationContext {
  /** The activity's uncommitted case-data entries. */
  readonly uncommittedCaseEntries: readonly { readonly reportedOn: string | null }[];
  /** The day of the latest committed Daily Total; null when there is none. */
  readonly lastCommittedProcessedDate: string | null;
  /** The latest reporting period (the current one when open). */
  readonly latestPeriod: PeriodSpan | null;
  /** Earlier reporting periods (closed). */
  readonly priorPeriods: readonly PeriodSpan[];
}

export type PropagationAvailability =
  | { readonly available: true; readonly reportedOn: string; readonly period: PeriodSpan }
  | { readonly available: false; readonly message: string | null };

/** The period an entry dated `day` may be propagated in, if any. */
function propagationPeriod(day: string, context: PropagationContext): PeriodSpan | null {
  const current = context.latestPeriod;
  if (current !== null && current.endDate === null && day >= current.startDate) return current;
  const closed = [...(current?.endDate ? [current] : []), ...context.priorPeriods];
  return (
    closed.find((p) => p.endDate !== null && day >= p.startDate && day <= addDays(p.endDate, -1)) ??
    null
  );
}

/**
 * Whether the propagation toggle may be on: exactly one uncommitted case-data entry, dated
 * earlier than the last committed Daily Total, in the current reporting period or at least one
 * day before the end of a prior one. When not, the tooltip message (null when there is no
 * committed Daily Total to name).
 */
export function propagationAvailability(context: PropagationContext): PropagationAvailability {
  const last = context.lastCommittedProcessedDate;
  const unavailable: PropagationAvailability = {
    available: false,
    message: last === null ? null : messages.propagationUnavailable(displayDay(last)),
  };
  const [only, ...more] = context.uncommittedCaseEntries;
  if (only === undefined || more.length > 0 || last === null) return unavailable;
  if (!isCalendarDay(only.reportedOn) || only.reportedOn >= last) return unavailable;
  const period = propagationPeriod(only.reportedOn, context);
  if (period === null) return unavailable;
  return { available: true, reportedOn: only.reportedOn, period };
}

export interface PropagationDateContext {
  /** The latest reported-on date the propagation must reach. */
  readonly latestReportedOn: string | null;
  /** The end of the entry's reporting period; null while it is open. */
  readonly periodEndDate: string | null;
  /** The server's today (UTC): an open period reaches no further. */
  readonly today: string;
}

export interface PropagationInput extends PropagationDateContext {
  readonly propagate: boolean;
  readonly propagateUptoDate: string | null;
}

/** The days a propagation date may take, both included. */
export interface PropagationDateBounds {
  /** The latest reported-on date; null when the activity has none. */
  readonly earliest: string | null;
  /** The period's end, or today while it is open (and never after today). */
  readonly latest: string;
}

/**
 * Spec 001 §5: not earlier than the latest reported-on date, not beyond the reporting period.
 * An open period ends today: a later date would propagate into days nobody has reported yet
 * (and the date picker disables future dates, spec 000 §2). The picker and the server both
 * take their bounds from here.
 */
export function propagationDateBounds(context: PropagationDateContext): PropagationDateBounds {
  const { periodEndDate, today } = context;
  return {
    earliest: context.latestReportedOn,
    latest: periodEndDate !== null && periodEndDate < today ? periodEndDate : today,
  };
}

/** Why a chosen propagation date is refused (spec 001 §5 words), or null when it is within. */
export function propagationDateProblem(day: string, bounds: PropagationDateBounds): string | null {
  if (bounds.earliest !== null && day < bounds.earliest) return messages.propagationBeforeLatest;
  if (day > bounds.latest) return messages.propagationBeyondPeriod;
  return null;
}

/** The propagation date's errors: required, not before the latest entry, not past the period. */
export function validatePropagation(input: PropagationInput): EntryMessage[] {
  if (!input.propagate) return [];
  const upto = input.propagateUptoDate;
  if (upto === null || !isCalendarDay(upto)) {
    return [error(messages.propagationDateRequired, 'propagateUptoDate')];
  }
  const problem = propagationDateProblem(upto, propagationDateBounds(input));
  return problem === null ? [] : [error(problem, 'propagateUptoDate')];
}
