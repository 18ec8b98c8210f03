import { ArticleContentType, Origin, ReadStatus } from '../enums';
import { articleDocumentFields } from './article-document';
import { articleSortKeys, orderByKeys, searchAfterClause, type ArticleCursor } from './keyset';
import type { ArticleFilters, FilterDate } from './filters';
import { parseFilterDate, parseFilterHour } from './filters';
import { articleSearchFields, odataString, translateSearchText } from './search-text';
import type { ArticleSort } from './sort';

export { articleSortColumns, type ArticleSort, type ArticleSortColumn } from './sort';

/** Spec 000 §9: articles per page, and per clustering batch. */
export const articlePageSize = 100;

export const defaultArticleSort: ArticleSort = { column: 'insertedDate', direction: 'desc' };

/**
 * Converts a filter date and hour (the analyst's wall-clock time) to the instant it names.
 * Default {@link localToUtc}: the runtime's time zone, which in the worker is the analyst's.
 */
export type WallClockToInstant = (date: FilterDate, hour: number) => Date;

/**
 * The analyst's local time → UTC: the index stores instants in UTC and analysts think in their
 * own day, so '2024/05/01' means local midnight. `Date` handles DST and month ends.
 */
export const localToUtc: WallClockToInstant = (date, hour) =>
  new Date(date.year, date.month - 1, date.day, hour);

/** One GET of the article search service: its parameters in order (values not URL-encoded). */
export type QueryParameters = readonly (readonly [name: string, value: string])[];

/** What one search page is built from. */
export interface ArticleSearchInput {
  readonly filters: ArticleFilters;
  readonly searchText: string;
  readonly sort: ArticleSort;
  /**
   * The last row shown (its sort values, {@link cursorOf}): this page starts after it. Absent or
   * null: the first page.
   */
  readonly after?: ArticleCursor | null;
  /**
   * Suggested mode (spec 000 §2 column 8): only these articles (a suggestion's supporting
   * articles), in place of the filters; the search text and the sort still apply.
   */
  readonly articleIds?: readonly string[];
}

/** A built search: the GET parameters and how the search text was read. */
export interface ArticleSearchQuery {
  readonly parameters: QueryParameters;
  readonly reading: string;
}

const select = articleDocumentFields.join(',');

/**
 * The GET query of spec 000 §7 "Article search service": $count, $top 100, $skip, $orderby
 * (the chosen column, then insertedDate desc, then the key), search, searchFields, queryType simple,
 * searchMode any, $filter, $select.
 */
export function buildArticleSearchQuery(
  input: ArticleSearchInput,
  toInstant: WallClockToInstant = localToUtc,
): ArticleSearchQuery {
  const text = translateSearchText(input.searchText);
  const after =
    input.after === undefined || input.after === null
      ? undefined
      : searchAfterClause(articleSortKeys(input.sort), input.after);
  const scope =
    input.articleIds === undefined
      ? buildArticleFilterClauses(input.filters, toInstant)
      : suggestedArticleClauses(input.articleIds);
  const filter = [...scope, ...text.negatedFilters, ...(after === undefined ? [] : [after])].join(
    ' and ',
  );
  return {
    reading: text.reading,
    parameters: [
      ['$count', 'true'],
      ['$top', String(articlePageSize)],
      // Keyset paging: every page starts at 0 after the cursor (see keyset.ts).
      ['$skip', '0'],
      ['$orderby', orderBy(input.sort)],
      ['search', text.search],
      ['searchFields', articleSearchFields.join(',')],
      ['queryType', 'simple'],
      ['searchMode', 'any'],
      ['$filter', filter],
      ['$select', select],
    ],
  };
}

/**
 * '$orderby': the chosen column ('desc' suffix when descending), then insertedDate desc once,
 * then the key (the total order keyset paging needs).
 */
export function orderBy(sort: ArticleSort): string {
  return orderByKeys(articleSortKeys(sort));
}

/**
 * The `$filter` clauses of the filters, to be joined with ' and ': always `articleType eq 3`
 * (Disease activity), then each active filter. A clause with a top-level `or` is parenthesised.
 * Invalid dates (see validateDateFilter) add no clause.
 */
export function buildArticleFilterClauses(
  filters: ArticleFilters,
  toInstant: WallClockToInstant = localToUtc,
): string[] {
  const clauses = [`articleType eq ${ArticleContentType.DiseaseActivity}`];
  const from = instantOf(filters.fromDate, filters.fromTime, toInstant, false);
  if (from !== undefined) clauses.push(`${filters.dateMode} ge ${from}`);
  const to = instantOf(filters.toDate, filters.toTime, toInstant, true);
  if (to !== undefined) clauses.push(`${filters.dateMode} lt ${to}`);
  if (filters.sourceCategory.length > 0) {
    clauses.push(searchIn('sourceCategory', filters.sourceCategory));
  }
  if (filters.sourceGroup.length > 0) clauses.push(searchIn('sourceGroup', filters.sourceGroup));
  const readClause = readStatusClause(filters);
  if (readClause !== undefined) clauses.push(readClause);
  if (filters.isLinkedToActivity) clauses.push('isLinkedToActivity eq true');
  if (filters.hasContextTag) clauses.push('contextTagNames/any()');
  if (filters.hasSuggestedContextTag) clauses.push('suggestedContextTagNames/any()');
  const origins = originClause(filters.createdBy);
  if (origins !== undefined) clauses.push(origins);
  if (!filters.isArticleFeed) clauses.push(hidePubcrawlerClause);
  const diseases = diseaseClause(filters.includedDiseases, filters.excludedDiseases);
  if (diseases !== undefined) clauses.push(diseases);
  return clauses;
}

/**
 * The `$filter` clauses of suggested mode: the always-on article type, and these articles only
 * (none when the list is empty). The analyst's filters are not applied: a suggestion's articles
 * are shown whatever the index's filters hide (read ones, other dates).
 */
export function suggestedArticleClauses(articleIds: readonly string[]): string[] {
  return [
    `articleType eq ${ArticleContentType.DiseaseActivity}`,
    searchIn('articleId', articleIds),
  ];
}

/**
 * Origins (spec 000 §7 "Created by"), ORed: 'IST User' is `createdBy ne null`; the systems are
 * told apart by the second-store flag: 'OI System' is `isCosmosDbArticle eq true`, 'Pubcrawler
 * System' (the feed) `createdBy eq null and isCosmosDbArticle eq false`.
 */
export const originClauses: Readonly<Record<Origin, string>> = {
  [Origin.IstUser]: 'createdBy ne null',
  [Origin.OiSystem]: 'isCosmosDbArticle eq true',
  [Origin.PubcrawlerSystem]: '(createdBy eq null and isCosmosDbArticle eq false)',
};

/**
 * Article feed off hides the Pubcrawler feed (spec 000 §2: the panel's 'Hide Pubcrawler
 * Articles', disabled when 'OI System' is chosen): NOT the Pubcrawler origin, written without
 * `not` so a null flag reads as Azure's null rules say.
 */
export const hidePubcrawlerClause = '(createdBy ne null or isCosmosDbArticle ne false)';

function originClause(origins: readonly Origin[]): string | undefined {
  const unique = [...new Set(origins)];
  if (unique.length === 0) return undefined;
  const parts = unique.map((origin) => originClauses[origin]);
  return parts.length === 1 ? parts[0] : `(${parts.join(' or ')})`;
}

/** One read status selected → that status; both or none → no clause. */
function readStatusClause(filters: ArticleFilters): string | undefined {
  const selected = new Set(filters.readStatus.filter((s) => s.selected).map((s) => s.id));
  if (selected.size !== 1) return undefined;
  return selected.has(ReadStatus.Read) ? 'isRead eq true' : 'isRead eq false';
}

/**
 * Included and excluded diseases. Only included: `diseaseIds/any(d: search.in(d, 'A|B', '|'))`;
 * only excluded: `diseaseIds/all(d: not search.in(d, 'X|Y', '|'))`; both: the two ORed, so an
 * article matching an included and an excluded disease stays (spec 000 §2), one matching only an
 * excluded disease goes, and one matching neither list stays (the exclusion list is what hides).
 */
export function diseaseClause(
  included: readonly number[],
  excluded: readonly number[],
): string | undefined {
  const include =
    included.length > 0
      ? `diseaseIds/any(d: search.in(d, ${odataString(idList(included))}, '|'))`
      : undefined;
  const exclude =
    excluded.length > 0
      ? `diseaseIds/all(d: not search.in(d, ${odataString(idList(excluded))}, '|'))`
      : undefined;
  if (include !== undefined && exclude !== undefined) return `(${include} or ${exclude})`;
  return include ?? exclude;
}

function idList(ids: readonly number[]): string {
  return [...new Set(ids)].map(String).join('|');
}

/** `search.in(field, 'a|b', '|')`; a value containing '|' cannot be listed and is dropped. */
export function searchIn(field: string, values: readonly string[]): string {
  const listed = [...new Set(values)].filter((v) => v !== '' && !v.includes('|'));
  return `search.in(${field}, ${odataString(listed.join('|'))}, '|')`;
}

/**
 * A date bound as a DateTimeOffset literal (UTC): the date at the given hour, or at 00:00; for
 * the 'to' bound without a time, 00:00 of the next day (spec 000 §7: lt the next day).
 */
function instantOf(
  dateText: string,
  timeText: string,
  toInstant: WallClockToInstant,
  isUpperBound: boolean,
): string | undefined {
  const date = parseFilterDate(dateText);
  if (date === undefined) return undefined;
  const hour = parseFilterHour(timeText);
  const instant =
    hour !== undefined ? toInstant(date, hour) : toInstant(isUpperBound ? nextDay(date) : date, 0);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

/** The calendar day after (pure calendar arithmetic, independent of any time zone). */
function nextDay(date: FilterDate): FilterDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Encodes parameters as a query string (`$` kept literal, values percent-encoded). */
export function encodeQuery(parameters: QueryParameters): string {
  return parameters.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
}

/** POST docs/search body for articles by ids (spec 000 §7): filter on the ids, top, select. */
export interface ArticlesByIdsBody {
  readonly filter: string;
  readonly top: number;
  readonly select: string;
}

/** The docs/search body for these ids (deduplicated), or undefined when there are none. */
export function buildArticlesByIdsBody(ids: readonly string[]): ArticlesByIdsBody | undefined {
  const unique = [...new Set(ids)].filter((id) => id !== '' && !id.includes('|'));
  if (unique.length === 0) return undefined;
  return {
    filter: `search.in(articleId, ${odataString(unique.join('|'))}, '|')`,
    top: unique.length,
    select,
  };
}

/** The docs('{id}') path segment and `$select` for one article (spec 000 §7). */
export function buildArticleLookup(id: string): { path: string; parameters: QueryParameters } {
  return {
    path: `('${encodeURIComponent(id.replaceAll("'", "''"))}')`,
    parameters: [['$select', select]],
  };
}

/**
 * Related articles (spec 000 §7): the same cluster, another article, newest first, one page.
 */
export function buildRelatedArticlesQuery(articleId: string, clusterId: string): QueryParameters {
  return [
    ['$top', String(articlePageSize)],
    ['$orderby', 'insertedDate desc'],
    [
      '$filter',
      `clusterId eq ${odataString(clusterId)} and articleId ne ${odataString(articleId)}`,
    ],
    ['$select', select],
  ];
}
