import { displayDay } from '../calendar-day';
import type { Importance, InactivityReason, ReportingPeriodType } from '../enums';
import { Importance as ImportanceLevel } from '../enums';
import { messages } from '../messages';
import type { EntryMessage } from './entry-message';
import { error, warningHigh } from './entry-message';

/**
 * Validation of the entries that carry no case figures (spec 001 §5): traveller, situational
 * update and its later edit, check-in, new and end reporting period. Inputs are form values,
 * so every field may still be blank (null).
 */

/** Title max length (spec 001 §9). */
export const TITLE_MAX_LENGTH = 150;

/** The text of rich text: tags and entities removed, whitespace trimmed. */
export function plainText(html: string | null): string {
  if (html === null) return '';
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .trim();
}

const blank = (value: string | null) => value === null || value.trim() === '';

export interface TravellerInput {
  readonly cases: number | null;
  readonly departureDate: string | null;
  readonly arrivalDate: string | null;
  /** Where the travellers came from (optional), and the entry's own location. */
  readonly originId?: number | null;
  readonly locationId?: number;
}

/**
 * Cases required, an integer, at least 1; arrival back not earlier than departure; the origin,
 * when given, another place than the one the travellers came back to.
 */
export function validateTraveller(input: TravellerInput): EntryMessage[] {
  const out: EntryMessage[] = [];
  if (input.cases === null) out.push(error(messages.travellerCasesRequired, 'cases'));
  else if (!Number.isInteger(input.cases)) {
    out.push(error(messages.travellerCasesNotInteger, 'cases'));
  } else if (input.cases < 1) out.push(error(messages.travellerCasesBelowOne, 'cases'));
  if (
    input.arrivalDate !== null &&
    input.departureDate !== null &&
    input.arrivalDate < input.departureDate
  ) {
    out.push(error(messages.arrivalBeforeDeparture, 'arrivalDate'));
  }
  if (input.originId != null && input.originId === input.locationId) {
    out.push(error(messages.originIsTravellerLocation, 'originId'));
  }
  return out;
}

export interface SituationalUpdateInput {
  readonly reportedOn: string | null;
  readonly title: string | null;
  /** Rich text (HTML). */
  readonly description: string | null;
  readonly importance: Importance | null;
}

/** Title required for Important and Critical updates (it is the e-mail subject), max 150. */
function titleMessages(title: string | null, importance: Importance | null): EntryMessage[] {
  const notifies =
    importance === ImportanceLevel.Important || importance === ImportanceLevel.Critical;
  if (notifies && blank(title)) return [error(messages.titleRequired, 'title')];
  if (title !== null && title.trim().length > TITLE_MAX_LENGTH) {
    return [error(messages.titleTooLong(TITLE_MAX_LENGTH), 'title')];
  }
  return [];
}

/** The notice of who will be e-mailed on commit. */
function importanceNotice(importance: Importance | null): EntryMessage[] {
  if (importance === ImportanceLevel.Important) return [warningHigh(messages.importantNotice)];
  if (importance === ImportanceLevel.Critical) return [warningHigh(messages.criticalNotice)];
  return [];
}

/**
 * A situational update: reported on, description and importance required; a title for
 * Important or Critical; a WARNINGHIGH notice that Important e-mails users with the disease
 * among their interests and Critical e-mails all users.
 */
export function validateSituationalUpdate(input: SituationalUpdateInput): EntryMessage[] {
  const out: EntryMessage[] = [];
  if (input.reportedOn === null) out.push(error(messages.reportedOnRequired, 'reportedOn'));
  if (plainText(input.description) === '') {
    out.push(error(messages.descriptionRequired, 'description'));
  }
  if (input.importance === null) out.push(error(messages.importanceRequired, 'importance'));
  out.push(...titleMessages(input.title, input.importance));
  out.push(...importanceNotice(input.importance));
  return out;
}

export interface DescriptionEditInput extends SituationalUpdateInput {
  /** '{product} Update' or 'Media Update'. */
  readonly updateReason: string | null;
}

/** Editing a committed situational update (a new version): update reason, reported on, description. */
export function validateDescriptionEdit(input: DescriptionEditInput): EntryMessage[] {
  const out: EntryMessage[] = [];
  if (blank(input.updateReason)) out.push(error(messages.updateReasonRequired, 'updateReason'));
  if (input.reportedOn === null) out.push(error(messages.reportedOnRequired, 'reportedOn'));
  if (plainText(input.description) === '') {
    out.push(error(messages.descriptionRequired, 'description'));
  }
  out.push(...titleMessages(input.title, input.importance));
  return out;
}

export interface CheckInInput {
  readonly inactivityReason: InactivityReason | null;
}

/** A check-in needs its reason; the description is optional. */
export function validateCheckIn(input: CheckInInput): EntryMessage[] {
  return input.inactivityReason === null
    ? [error(messages.inactivityReasonRequired, 'inactivityReason')]
    : [];
}

export interface NewReportingPeriodInput {
  readonly reportingPeriodType: ReportingPeriodType | null;
  /** The new period's start date. */
  readonly reportedOn: string | null;
}

/** Type and date required; a WARNINGHIGH notice that a period starts on that date. */
export function validateNewReportingPeriod(input: NewReportingPeriodInput): EntryMessage[] {
  const out: EntryMessage[] = [];
  if (input.reportingPeriodType === null) {
    out.push(error(messages.reportingPeriodTypeRequired, 'reportingPeriodType'));
  }
  if (input.reportedOn === null) out.push(error(messages.reportedOnRequired, 'reportedOn'));
  else out.push(warningHigh(messages.newReportingPeriodNotice(displayDay(input.reportedOn))));
  return out;
}

export interface EndReportingPeriodInput {
  /** The End Date. */
  readonly reportedOn: string | null;
}

/** End Date required; a WARNINGHIGH notice that cumulatives reset and the period closes. */
export function validateEndReportingPeriod(input: EndReportingPeriodInput): EntryMessage[] {
  return input.reportedOn === null
    ? [error(messages.endDateRequired, 'reportedOn')]
    : [warningHigh(messages.endReportingPeriodNotice)];
}
