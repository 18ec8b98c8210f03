import { Schema } from 'effect';
import { Origin, ReadStatus } from '../enums';
import { articleSearchMessages } from './messages';

/** Which date the date range applies to (spec 000 §3 dateMode). */
export const DateMode = { InsertedDate: 'insertedDate', PublishedDate: 'publishedDate' } as const;
export type DateMode = (typeof DateMode)[keyof typeof DateMode];

/** One read-status checkbox (spec 000 §3 readStatus[]). */
export const ReadStatusOption = Schema.Struct({
  id: Schema.Literal(ReadStatus.Unread, ReadStatus.Read),
  selected: Schema.Boolean,
});
export type ReadStatusOption = typeof ReadStatusOption.Type;

const withDefault = <A, I>(schema: Schema.Schema<A, I>, value: () => NoInfer<A>) =>
  Schema.optionalWith(schema, { default: value });

/**
 * The article filters (spec 000 §3) with the defaults of §9: article feed on, both read
 * statuses unselected, date mode insertedDate. Dates are 'YYYY/MM/DD' or ''; times are one of
 * {@link timeOptions}' values ('HH:00') or ''. Disease ids are the lookup's diseaseId.
 * `hasContextTag` and `hasSuggestedContextTag` are the two context-tag filters of §7 (not in
 * the §3 list). Decoding fills any missing member with its default, so filters restored from
 * localStorage (`articleIndex_filters`) by an older build still decode.
 */
export const ArticleFilters = Schema.Struct({
  dateMode: withDefault(
    Schema.Literal(DateMode.InsertedDate, DateMode.PublishedDate),
    () => DateMode.InsertedDate,
  ),
  fromDate: withDefault(Schema.String, () => ''),
  fromTime: withDefault(Schema.String, () => ''),
  toDate: withDefault(Schema.String, () => ''),
  toTime: withDefault(Schema.String, () => ''),
  sourceCategory: withDefault(Schema.Array(Schema.String), () => []),
  sourceGroup: withDefault(Schema.Array(Schema.String), () => []),
  createdBy: withDefault(
    Schema.Array(Schema.Literal(Origin.IstUser, Origin.PubcrawlerSystem, Origin.OiSystem)),
    () => [],
  ),
  isArticleFeed: withDefault(Schema.Boolean, () => true),
  readStatus: withDefault(Schema.Array(ReadStatusOption), () => defaultReadStatus),
  isLinkedToActivity: withDefault(Schema.Boolean, () => false),
  hasContextTag: withDefault(Schema.Boolean, () => false),
  hasSuggestedContextTag: withDefault(Schema.Boolean, () => false),
  includedDiseases: withDefault(Schema.Array(Schema.Number), () => []),
  excludedDiseases: withDefault(Schema.Array(Schema.Number), () => []),
});
export type ArticleFilters = typeof ArticleFilters.Type;

const defaultReadStatus: readonly ReadStatusOption[] = [
  { id: ReadStatus.Unread, selected: false },
  { id: ReadStatus.Read, selected: false },
];

/** The default filters of spec 000 §9. */
export const defaultArticleFilters: ArticleFilters = Schema.decodeUnknownSync(ArticleFilters)({});

/** Decodes filters (e.g. from localStorage), filling defaults; throws a ParseError if malformed. */
export const decodeArticleFilters = Schema.decodeUnknownSync(ArticleFilters);

/** One hourly time option: the value sent ('13:00') and its label ('01:00 pm'). */
export interface TimeOption {
  readonly value: string;
  readonly label: string;
}

/** Spec 000 §9: hourly from 00:00 to 23:00, labelled with am/pm (hh:mm a). */
export const timeOptions: readonly TimeOption[] = Array.from({ length: 24 }, (_, hour) => ({
  value: `${pad2(hour)}:00`,
  label: `${pad2(hour % 12 === 0 ? 12 : hour % 12)}:00 ${hour < 12 ? 'am' : 'pm'}`,
}));

/** A calendar date of the filter: year, month 1–12, day 1–31. */
export interface FilterDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const datePattern = /^(\d{4})\/(\d{2})\/(\d{2})$/;
const timePattern = /^([01]\d|2[0-3]):00$/;

/**
 * Parses 'YYYY/MM/DD' with month 1–12 and day 1–31 (spec 000 §5; a day past the month's end,
 * 2024/02/31, passes as the spec says and rolls over like `Date`). Undefined when invalid.
 */
export function parseFilterDate(text: string): FilterDate | undefined {
  const match = datePattern.exec(text.trim());
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return { year, month, day };
}

/** The hour of a time option ('13:00' → 13); undefined for '' or anything else. */
export function parseFilterHour(text: string): number | undefined {
  const match = timePattern.exec(text.trim());
  return match ? Number(match[1]) : undefined;
}

/** Field errors of the date filter, keyed by the date field they belong to. */
export interface DateFilterErrors {
  readonly fromDate?: string;
  readonly toDate?: string;
}

/**
 * Spec 000 §5 "Article search date filter": a non-empty date must be a valid YYYY/MM/DD; a
 * date is required when its time is given. Empty when valid.
 */
export function validateDateFilter(
  filters: Pick<ArticleFilters, 'fromDate' | 'fromTime' | 'toDate' | 'toTime'>,
): DateFilterErrors {
  const fromDate = dateError(filters.fromDate, filters.fromTime);
  const toDate = dateError(filters.toDate, filters.toTime);
  return {
    ...(fromDate === undefined ? {} : { fromDate }),
    ...(toDate === undefined ? {} : { toDate }),
  };
}

function dateError(date: string, time: string): string | undefined {
  if (date.trim() === '') {
    return time.trim() === '' ? undefined : articleSearchMessages.dateRequiredWithTime;
  }
  return parseFilterDate(date) === undefined ? articleSearchMessages.invalidDate : undefined;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
