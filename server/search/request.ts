import { Either, Schema } from 'effect';
import { SearchRequestError } from './errors';
import type { FieldDefinition, IndexDefinition } from './index-definition';
import { fieldOf } from './index-definition';

/** The page size Azure uses when $top is absent. */
export const defaultTop = 50;
/** The most results one response carries; a larger $top pages on through nextPageParameters. */
export const maxPageSize = 1000;
export const maxSkip = 100_000;
export const maxOrderByClauses = 32;

export type SearchMode = 'any' | 'all';

/** One $orderby clause: a sortable field or search.score(). */
export type OrderByClause =
  | { readonly kind: 'field'; readonly field: FieldDefinition; readonly descending: boolean }
  | { readonly kind: 'score'; readonly descending: boolean };

/** A search request, the same whichever of GET or POST carried it. */
export interface SearchRequest {
  /** The simple-syntax text; undefined when absent, empty or '*' (everything, score 1). */
  readonly search: string | undefined;
  readonly searchFields: readonly string[] | undefined;
  readonly searchMode: SearchMode;
  readonly filter: string | undefined;
  readonly orderBy: readonly OrderByClause[];
  /** The fields to return, in index order. */
  readonly select: readonly FieldDefinition[];
  /** As requested: may exceed {@link maxPageSize}, which the executor pages on from. */
  readonly top: number;
  readonly skip: number;
  readonly count: boolean;
}

/** The raw parameters under their POST names; GET's `$filter`… are renamed to these. */
export interface RawSearchParameters {
  readonly search?: string | null | undefined;
  readonly searchFields?: string | null | undefined;
  readonly searchMode?: string | null | undefined;
  readonly queryType?: string | null | undefined;
  readonly filter?: string | null | undefined;
  readonly orderby?: string | null | undefined;
  readonly select?: string | null | undefined;
  readonly top?: number | null | undefined;
  readonly skip?: number | null | undefined;
  readonly count?: boolean | null | undefined;
}

const optionalNullable = <A, I>(schema: Schema.Schema<A, I>) =>
  Schema.optional(Schema.NullOr(schema));

/** The POST docs/search body IST reads; see azureSearchMembers for the rest. */
const PostBody = Schema.Struct({
  search: optionalNullable(Schema.String),
  searchFields: optionalNullable(Schema.String),
  searchMode: optionalNullable(Schema.String),
  queryType: optionalNullable(Schema.String),
  filter: optionalNullable(Schema.String),
  orderby: optionalNullable(Schema.String),
  select: optionalNullable(Schema.String),
  top: optionalNullable(Schema.Number),
  skip: optionalNullable(Schema.Number),
  count: optionalNullable(Schema.Boolean),
});

/** GET query-string names and the POST names they mean. */
const getNames = {
  search: 'search',
  searchFields: 'searchFields',
  searchMode: 'searchMode',
  queryType: 'queryType',
  $filter: 'filter',
  $orderby: 'orderby',
  $select: 'select',
  $top: 'top',
  $skip: 'skip',
  $count: 'count',
} as const;

const QueryString = Schema.Record({ key: Schema.String, value: Schema.Unknown });

/** Decodes a GET query string (as fastify parsed it) into the raw parameters. */
export function rawFromQueryString(query: unknown): RawSearchParameters {
  const decoded = Schema.decodeUnknownEither(QueryString)(query ?? {});
  if (Either.isLeft(decoded)) throw new SearchRequestError('The query string is invalid.');
  // @azure/search-documents 13 encodes `$select` twice on lookups: it arrives as `%24select`.
  const parameters = Object.fromEntries(
    Object.entries(decoded.right).map(([k, v]) => [k.replace(/^%24/i, '$'), v]),
  );
  const raw: Record<string, unknown> = {};
  for (const [name, target] of Object.entries(getNames)) {
    const value = parameters[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      throw new SearchRequestError(`The parameter ${name} was given more than once.`, name);
    }
    if (target === 'top' || target === 'skip') raw[target] = integerOf(value, name);
    else if (target === 'count') raw[target] = booleanOf(value, name);
    else raw[target] = value;
  }
  return raw as RawSearchParameters;
}

/**
 * Every member of Azure's SearchRequest (REST API 2024-07-01 and the previews): the ones IST
 * does not implement pass unread, as before; any other name is refused as Azure refuses it.
 */
const azureSearchMembers: ReadonlySet<string> = new Set([
  ...Object.keys(PostBody.fields),
  'answers',
  'captions',
  'debug',
  'facets',
  'highlight',
  'highlightPostTag',
  'highlightPreTag',
  'hybridSearch',
  'minimumCoverage',
  'queryLanguage',
  'queryRewrites',
  'scoringParameters',
  'scoringProfile',
  'scoringStatistics',
  'semanticConfiguration',
  'semanticErrorHandling',
  'semanticFields',
  'semanticMaxWaitInMilliseconds',
  'semanticQuery',
  'sessionId',
  'speller',
  'vectorFilterMode',
  'vectorQueries',
]);

/** Decodes a POST docs/search body into the raw parameters. */
export function rawFromBody(body: unknown): RawSearchParameters {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SearchRequestError('The request body must be a JSON object.');
  }
  const unknown = Object.keys(body).find((name) => !azureSearchMembers.has(name));
  if (unknown !== undefined) {
    // Azure's words for a member its SearchRequest type does not have.
    throw new SearchRequestError(
      `The request is invalid. Details: parameters : The property '${unknown}' does not exist on type 'Microsoft.Azure.Search.V2024_07_01.SearchRequest'. Make sure to only use property names that are defined by the type.`,
    );
  }
  const decoded = Schema.decodeUnknownEither(PostBody, {
    errors: 'first',
    onExcessProperty: 'ignore',
  })(body);
  if (Either.isRight(decoded)) return decoded.right;
  const path = firstBadMember(body as Record<string, unknown>);
  throw new SearchRequestError(
    `The request is invalid. Details: the member '${path}' has the wrong type.`,
    path,
  );
}

const expectedTypes: Readonly<Record<string, string>> = {
  top: 'number',
  skip: 'number',
  count: 'boolean',
};

function firstBadMember(body: Record<string, unknown>): string {
  for (const name of Object.keys(PostBody.fields)) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== (expectedTypes[name] ?? 'string')) return name;
  }
  return 'body';
}

function integerOf(text: string, parameter: string): number {
  if (!/^[+-]?\d+$/.test(text.trim())) {
    throw new SearchRequestError(
      `Invalid expression: '${text}' is not a valid integer.`,
      parameter,
    );
  }
  return Number(text);
}

function booleanOf(text: string, parameter: string): boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new SearchRequestError(`Invalid expression: '${text}' is not a valid boolean.`, parameter);
}

const notFound = (name: string, parameter: string) =>
  new SearchRequestError(
    `Invalid expression: Could not find a property named '${name}' on type 'search.document'.`,
    parameter,
  );

/** Validates the raw parameters against the index and normalises them. */
export function normaliseSearchRequest(
  raw: RawSearchParameters,
  index: IndexDefinition,
): SearchRequest {
  const queryType = raw.queryType ?? 'simple';
  if (queryType !== 'simple') {
    throw new SearchRequestError(
      queryType === 'full' || queryType === 'semantic'
        ? `queryType '${queryType}' is not supported by IST's embedded search service; only 'simple' is.`
        : `Invalid value '${queryType}' for queryType; expected 'simple'.`,
      'queryType',
    );
  }
  const searchMode = raw.searchMode ?? 'any';
  if (searchMode !== 'any' && searchMode !== 'all') {
    throw new SearchRequestError(
      `Invalid value '${searchMode}' for searchMode; expected 'any' or 'all'.`,
      'searchMode',
    );
  }
  const top = raw.top ?? defaultTop;
  if (!Number.isInteger(top) || top < 0) {
    throw new SearchRequestError(`$top must be a non-negative integer, not ${top}.`, '$top');
  }
  const skip = raw.skip ?? 0;
  if (!Number.isInteger(skip) || skip < 0) {
    throw new SearchRequestError(`$skip must be a non-negative integer, not ${skip}.`, '$skip');
  }
  if (skip > maxSkip) {
    throw new SearchRequestError(`$skip cannot be greater than ${maxSkip}.`, '$skip');
  }
  const searchText = raw.search?.trim();
  return {
    search:
      searchText === undefined || searchText === '' || searchText === '*'
        ? undefined
        : (raw.search ?? undefined),
    searchFields: parseSearchFields(raw.searchFields ?? undefined, index),
    searchMode,
    filter:
      raw.filter === undefined || raw.filter === null || raw.filter.trim() === ''
        ? undefined
        : raw.filter,
    orderBy: parseOrderBy(raw.orderby ?? undefined, index),
    select: parseSelect(raw.select ?? undefined, index),
    top,
    skip,
    count: raw.count ?? false,
  };
}

function parseSearchFields(
  text: string | undefined,
  index: IndexDefinition,
): readonly string[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  return text.split(',').map((part) => {
    const name = part.trim();
    const field = fieldOf(index, name);
    if (field === undefined) throw notFound(name, 'searchFields');
    if (!field.searchable) {
      throw new SearchRequestError(
        `The field '${name}' in the search field list is not searchable.`,
        'searchFields',
      );
    }
    return name;
  });
}

/** '*' (or nothing) selects every retrievable field; otherwise a comma list of them. */
export function parseSelect(
  text: string | undefined,
  index: IndexDefinition,
): readonly FieldDefinition[] {
  const all = index.fields.filter((f) => f.retrievable);
  if (text === undefined || text.trim() === '' || text.trim() === '*') return all;
  const wanted = new Set<string>();
  for (const part of text.split(',')) {
    const name = part.trim();
    if (name === '*') return all;
    const field = fieldOf(index, name);
    if (field === undefined) throw notFound(name, '$select');
    if (!field.retrievable) {
      throw new SearchRequestError(
        `Invalid expression: The field '${name}' is not retrievable.`,
        '$select',
      );
    }
    wanted.add(name);
  }
  return all.filter((f) => wanted.has(f.name));
}

const fieldPath = /^[A-Za-z_][A-Za-z_0-9]*(?:\/[A-Za-z_][A-Za-z_0-9]*)*$/;
const scoreCall = /^search\.score\(\s*\)$/;

/**
 * `$orderby`: up to 32 comma-separated clauses, each a sortable field or search.score(), then
 * `asc` (the default) or `desc`. geo.distance is refused: neither index has a geo field.
 */
export function parseOrderBy(text: string | undefined, index: IndexDefinition): OrderByClause[] {
  if (text === undefined || text.trim() === '') return [];
  const parts = text.split(',');
  if (parts.length > maxOrderByClauses) {
    throw new SearchRequestError(
      `Invalid expression: $orderby supports at most ${maxOrderByClauses} clauses; found ${parts.length}.`,
      '$orderby',
    );
  }
  return parts.map((part) => {
    const words = part.trim().split(/\s+/);
    const [subject, direction, ...rest] = words;
    if (subject === undefined || subject === '' || rest.length > 0) {
      throw new SearchRequestError(
        `Invalid expression: Syntax error in the $orderby clause '${part.trim()}'. Expected a field or search.score() followed by 'asc' or 'desc'.`,
        '$orderby',
      );
    }
    if (direction !== undefined && direction !== 'asc' && direction !== 'desc') {
      throw new SearchRequestError(
        `Invalid expression: Syntax error at '${direction}' in the $orderby clause '${part.trim()}'. Expected 'asc' or 'desc'.`,
        '$orderby',
      );
    }
    const descending = direction === 'desc';
    if (scoreCall.test(subject)) return { kind: 'score', descending };
    if (!fieldPath.test(subject)) {
      throw new SearchRequestError(
        `Invalid expression: '${subject}' is not a field path or search.score() in $orderby. Only sortable fields and search.score() are supported.`,
        '$orderby',
      );
    }
    const field = fieldOf(index, subject);
    if (field === undefined) throw notFound(subject, '$orderby');
    if (!field.sortable) {
      throw new SearchRequestError(
        `Invalid expression: The field '${subject}' is not sortable, so it cannot be used in $orderby.`,
        '$orderby',
      );
    }
    return { kind: 'field', field, descending };
  });
}
