import { daysBetween } from '../calendar-day';
import { MessageLevel } from '../enums';
import { messages } from '../messages';
import type { PreviousEntry } from './case-arithmetic';
import type { CaseCounts, CaseFigure } from './case-figures';
import { caseFigureLabel, caseFigures, hasValue, typedHalf } from './case-figures';
import type { EntryMessage } from './entry-message';
import { error, warningLow } from './entry-message';

/**
 * Validation of one case entry (spec 001 §5 "Case counts", "Warnings", "Hard errors"; §9
 * spike and dip constants). Figures are checked after the arithmetic has derived them, against
 * what came before at the same location.
 */

/** Spike: at least this many… */
export const SPIKE_MINIMUM = 100;
/** …and at least this many times the previous value. */
export const SPIKE_FACTOR = 3;
/** Dip: the previous new cases above this… */
export const DIP_PREVIOUS_ABOVE = 100;
/** …and the value below this fraction of them. */
export const DIP_FRACTION = 1 / 3;
/** An expected update frequency of 1000 days means no expected updates (spec 001 §9). */
export const NO_EXPECTED_UPDATES = 1000;

/** Where the entry stands: its day, the activity's update frequency, its source. */
export interface CaseEntryContext {
  readonly reportedOn: string;
  /** countryDetails.allowedDaysGap: the expected update frequency in days. */
  readonly allowedDaysGap: number;
  /** Set on sourced (auto-surveillance) entries. */
  readonly sourceId: string | null;
}

const field = (figure: CaseFigure, half: 'cumulative' | 'newCases') => `${figure}.${half}`;

/** Field checks of one figure: integers, cumulative at least 0, new cases at least 0. */
function figureFieldMessages(counts: CaseCounts, figure: CaseFigure): EntryMessage[] {
  const c = counts[figure];
  const out: EntryMessage[] = [];
  if (c.cumulative !== null) {
    if (!Number.isInteger(c.cumulative)) {
      out.push(error(messages.cumulativeNotInteger, field(figure, 'cumulative')));
    } else if (c.cumulative < 0) {
      out.push(error(messages.cumulativeNegative, field(figure, 'cumulative')));
    }
  }
  if (c.newCases !== null) {
    if (!Number.isInteger(c.newCases)) {
      out.push(error(messages.newCasesNotInteger, field(figure, 'newCases')));
    } else if (c.newCases < 0) {
      // Spec 001 §5 lists it under new cases whatever was typed: a lower cumulative typed also
      // derives negative new cases, and gets this beside the lower-cumulative warning.
      out.push(warningLow(messages.negativeNewCases, field(figure, 'newCases')));
    }
  }
  return out;
}

/** The spike, dip and lower-cumulative warnings of one figure. */
function figureTrendWarnings(
  counts: CaseCounts,
  previous: PreviousEntry,
  figure: CaseFigure,
): EntryMessage[] {
  const c = counts[figure];
  const prev = previous.figures[figure];
  const label = caseFigureLabel[figure];
  const out: EntryMessage[] = [];
  const prevCumulative = prev.cumulative ?? 0;
  if (c.cumulative !== null && prev.cumulative !== null) {
    if (
      prevCumulative > 0 &&
      c.cumulative >= SPIKE_MINIMUM &&
      c.cumulative >= SPIKE_FACTOR * prevCumulative
    ) {
      out.push(
        warningLow(
          messages.spikeInCumulative(label, c.cumulative, prevCumulative),
          field(figure, 'cumulative'),
        ),
      );
    }
    if (c.cumulative < prevCumulative && typedHalf(c) === 'cumulative') {
      out.push(
        warningLow(
          messages.lowerCumulative(label, c.cumulative, prevCumulative),
          field(figure, 'cumulative'),
        ),
      );
    }
  }
  if (c.newCases !== null && prevCumulative > 0) {
    const prevNew = prev.newCases ?? 0;
    if (c.newCases >= SPIKE_MINIMUM && c.newCases >= SPIKE_FACTOR * prevNew) {
      out.push(
        warningLow(messages.spikeInNewCases(label, c.newCases, prevNew), field(figure, 'newCases')),
      );
    }
    if (c.newCases !== 0 && prevNew > DIP_PREVIOUS_ABOVE && c.newCases < prevNew * DIP_FRACTION) {
      out.push(
        warningLow(messages.dipInNewCases(label, c.newCases, prevNew), field(figure, 'newCases')),
      );
    }
  }
  return out;
}

/** The cumulative of a figure after this entry: its own, else the one carried from before. */
const effective = (counts: CaseCounts, previous: PreviousEntry, figure: CaseFigure) =>
  counts[figure].cumulative ?? previous.figures[figure].cumulative;

/** Confirmed plus suspected, and deaths, may not exceed reported (cumulative). */
function crossFigureErrors(counts: CaseCounts, previous: PreviousEntry): EntryMessage[] {
  const out: EntryMessage[] = [];
  const reported = effective(counts, previous, 'reportedCases');
  if (reported === null) return out;
  const touched = (...figures: CaseFigure[]) => figures.some((f) => hasValue(counts[f]));
  const confirmed = effective(counts, previous, 'confirmedCases');
  const suspected = effective(counts, previous, 'suspectedCases');
  if (
    touched('reportedCases', 'confirmedCases', 'suspectedCases') &&
    (confirmed !== null || suspected !== null) &&
    (confirmed ?? 0) + (suspected ?? 0) > reported
  ) {
    out.push(error(messages.confirmedAndSuspectedAboveReported));
  }
  const deaths = effective(counts, previous, 'deaths');
  if (touched('reportedCases', 'deaths') && deaths !== null && deaths > reported) {
    out.push(error(messages.deathsAboveReported));
  }
  return out;
}

/**
 * Every message of one case entry, errors and warnings, in the order of spec 001 §5. `counts`
 * are the entry's figures after the arithmetic (both halves filled); `previous` is what came
 * before it at its location.
 */
export function validateCaseEntry(
  counts: CaseCounts,
  previous: PreviousEntry,
  context: CaseEntryContext,
): EntryMessage[] {
  if (!caseFigures.some((f) => hasValue(counts[f]))) return [error(messages.enterCaseData)];
  const fieldMessages = caseFigures.flatMap((f) => figureFieldMessages(counts, f));
  const broken = new Set(
    fieldMessages.filter((m) => m.level === MessageLevel.ERROR).map((m) => m.field?.split('.')[0]),
  );
  const out = [...fieldMessages];
  for (const f of caseFigures) {
    if (!broken.has(f)) out.push(...figureTrendWarnings(counts, previous, f));
  }
  if (hasValue(counts.deaths) && caseFigures.every((f) => f === 'deaths' || !hasValue(counts[f]))) {
    out.push(warningLow(messages.onlyDeaths));
  }
  if (broken.size === 0) out.push(...crossFigureErrors(counts, previous));
  if (
    previous.reportedOn !== null &&
    context.allowedDaysGap < NO_EXPECTED_UPDATES &&
    daysBetween(previous.reportedOn, context.reportedOn) > context.allowedDaysGap
  ) {
    out.push(warningLow(messages.daysGapExceeded(context.allowedDaysGap), 'reportedOn'));
  }
  if (
    context.sourceId !== null &&
    caseFigures.every(
      (f) =>
        counts[f].cumulative === null || counts[f].cumulative === previous.figures[f].cumulative,
    )
  ) {
    out.push(error(messages.sourcedEntryUnchanged));
  }
  return out;
}
