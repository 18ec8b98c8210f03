/**
 * The location search service's calls (spec 000 §7 "Location search service", §9): the query of
 * each, as the GET parameters sent to the locations index. Pure: the worker sends them, the
 * API tests send the same ones through the official SDK.
 */
import type { QueryParameters } from './article-search/query';
import { odataString } from './article-search/search-text';
import { LocationType } from './enums';
import { requiredPrefixTerms, typedWords } from './prefix-search-terms';

/** Spec 000 §9 and 001 §9: results, minimum typed characters, debounces, excluded ids. */
export const locationSearchTop = 10;
export const locationSearchMinimumCharacters = 3;
/** The location pickers (spec 000 §5, §9), e.g. a traveller entry's origin. */
export const locationPickerDebounceMs = 500;
/** The details screen's Search/Add (spec 001 §9 "1000 ms … location search"). */
export const activityLocationSearchDebounceMs = 1000;
export const locationSearchMaxExcludedIds = 300;

/** The fields a location's words are looked for in (spec 000 §7 "within a country"). */
export const locationSearchFields = ['displayName', 'provinceName'] as const;

/** The fields every location call asks for (spec 000 §3 "Location search result"). */
export const locationResultFields = [
  'id',
  'displayName',
  'provinceId',
  'countryId',
  'population',
  'locationType',
  'featureCode',
  'name',
  'provinceName',
  'isDuplicate',
  // The place's point (issue 19), two numbers.
  'latitude',
  'longitude',
] as const;

const select = locationResultFields.join(',');
const knownTypes = Object.values(LocationType);

const wordsOf = typedWords;

/**
 * Whether a typed text is long enough to search (spec 000 §5: "starts at 3 typed characters"):
 * counted on the text as typed, spaces at the ends left out, and it must hold a word.
 */
export const isLocationSearchable = (text: string): boolean =>
  text.trim().length >= locationSearchMinimumCharacters && wordsOf(text).length > 0;

/** Spec 000 §7 "Search terms become '+word' prefixes with a trailing '*'". */
export const locationSearchTerms = requiredPrefixTerms;

const common = (text: string): QueryParameters => [
  ['search', locationSearchTerms(text)],
  ['queryType', 'simple'],
  ['$select', select],
  ['$top', String(locationSearchTop)],
];

/** `(locationType eq 2 or …)` over the five known types (spec 000 §3 "Location type"). */
export const knownLocationTypesFilter = `(${knownTypes.map((t) => `locationType eq ${t}`).join(' or ')})`;

/**
 * Within a country (spec 000 §7; the details screen's Search/Add): the country's places of the
 * known types whose displayName or provinceName has every word typed, the locations already
 * added left out in the query (the first 300 given; see {@link locationIdsToExclude}). Prefix
 * hits all score the same, so they are ordered: most populous first, then by id.
 */
export function locationsWithinCountryQuery(
  countryId: number,
  text: string,
  excludeIds: readonly number[],
): QueryParameters {
  const excluded = excludeIds.slice(0, locationSearchMaxExcludedIds);
  const clauses = [`countryId eq ${countryId}`, knownLocationTypesFilter];
  if (excluded.length > 0) {
    // search.in takes strings only: the key is the id as text (server/search/index-definition.ts).
    clauses.push(`not search.in(key, ${odataString(excluded.join(','))}, ',')`);
  }
  return [
    ...common(text),
    ['searchFields', locationSearchFields.join(',')],
    ['$filter', clauses.join(' and ')],
    ['$orderby', 'population desc,id asc'],
  ];
}

/**
 * Traveller locations (spec 000 §7): any place of the known types, not a duplicate, never the
 * origin id given (a traveller entry's own location: where the travellers came back to),
 * most populous first.
 */
export function travellerLocationsQuery(text: string, originId: number | null): QueryParameters {
  const clauses = ['isDuplicate eq false', knownLocationTypesFilter];
  if (originId !== null) clauses.push(`id ne ${originId}`);
  return [
    ...common(text),
    ['searchFields', locationSearchFields.join(',')],
    ['$filter', clauses.join(' and ')],
    ['$orderby', 'population desc,id asc'],
  ];
}

/** Countries (spec 000 §7: locationType 6) whose name has every word typed, by name. */
export function countriesQuery(text: string): QueryParameters {
  return [
    ...common(text),
    ['searchFields', 'displayName'],
    ['$filter', `locationType eq ${LocationType.Country}`],
    ['$orderby', 'displayName asc,id asc'],
  ];
}

/** A single location by id (spec 000 §7). */
export function locationByIdQuery(id: number): QueryParameters {
  return [
    ['$filter', `id eq ${id}`],
    ['$select', select],
    ['$top', String(locationSearchTop)],
  ];
}

/** At most this many places per lookup by ids (the locator map of an activity's places). */
export const locationsByIdsMax = 1000;

/**
 * Places by id, in one call (issue 19: the locator map reads their points):
 * `search.in(key, '…', ',')` over the first 1,000 distinct ids, all of them on one page.
 */
export function locationsByIdsQuery(ids: readonly number[]): QueryParameters {
  const wanted = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))].slice(
    0,
    locationsByIdsMax,
  );
  return [
    ['$filter', `search.in(key, '${wanted.join(',')}', ',')`],
    ['$select', select],
    ['$top', String(Math.max(1, wanted.length))],
  ];
}

/** An added location, as the details screen knows it. */
export interface NamedLocation {
  readonly id: number;
  readonly displayName: string;
}

/**
 * The ids to leave out of a within-country search, at most 300 (spec 000 §9). An activity may
 * hold more places than that: those whose name has a word starting with each word typed (the
 * ones the search can find) go first, so the query still excludes every place it could offer
 * unless more than 300 of them match; the worker drops any other added place from the answer.
 */
export function locationIdsToExclude(
  added: readonly NamedLocation[],
  text: string,
): readonly number[] {
  if (added.length <= locationSearchMaxExcludedIds) return added.map((l) => l.id);
  const typed = wordsOf(text.toLowerCase());
  const couldMatch = (l: NamedLocation) => {
    const words = wordsOf(l.displayName.toLowerCase());
    return typed.every((t) => words.some((w) => w.startsWith(t)));
  };
  const first = added.filter(couldMatch);
  const rest = added.filter((l) => !couldMatch(l));
  return [...first, ...rest].slice(0, locationSearchMaxExcludedIds).map((l) => l.id);
}
