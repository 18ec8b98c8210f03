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

export interface PropagationInput {
  readonly propagate: boolean;
  readonly propagateUptoDate: string | null;
  /** The latest reported-on date the propagation must reach. */
  readonly latestReportedOn: string | null;
  /** The end of the entry's reporting period; null while it is open. */
  readonly periodEndDate: string | null;
}

/** The propagation date's errors: required, not before the latest entry, not past the period. */
export function validatePropagation(input: PropagationInput): EntryMessage[] {
  if (!input.propagate) return [];
  const upto = input.propagateUptoDate;
  if (upto === null || !isCalendarDay(upto)) {
    return [error(messages.propagationDateRequired, 'propagateUptoDate')];
  }
  const out: EntryMessage[] = [];
  if (input.latestReportedOn !== null && upto < input.latestReportedOn) {
    out.push(error(messages.propagationBeforeLatest, 'propagateUptoDate'));
  }
  if (input.periodEndDate !== null && upto > input.periodEndDate) {
    out.push(error(messages.propagationBeyondPeriod, 'propagateUptoDate'));
  }
  return out;
}
