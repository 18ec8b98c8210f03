import { describe, expect, it } from 'vitest';
import {
  countriesQuery,
  isLocationSearchable,
  locationByIdQuery,
  locationIdsToExclude,
  locationSearchTerms,
  locationsByIdsQuery,
  locationsWithinCountryQuery,
  travellerLocationsQuery,
} from './location-search';

const types =
  '(locationType eq 2 or locationType eq 4 or locationType eq 6 or locationType eq 9 or locationType eq 30)';
// Spec 000 §3's result fields, then the place's point (issue 19) as two numbers.
const select =
  'id,displayName,provinceId,countryId,population,locationType,featureCode,name,provinceName,isDuplicate,latitude,longitude';

describe('location search queries (spec 000 §7, §9)', () => {
  it("turns each typed word into a required prefix: '+word*'", () => {
    expect(locationSearchTerms(' san  jo"sé* ')).toBe('+san* +jo* +sé*');
    expect(locationSearchTerms('Saint-Denis')).toBe('+Saint* +Denis*');
    expect(locationSearchTerms('"')).toBe('');
  });

  it('searches from 3 typed characters', () => {
    expect(isLocationSearchable('to')).toBe(false);
    expect(isLocationSearchable('  to ')).toBe(false);
    expect(isLocationSearchable('tor')).toBe(true);
    expect(isLocationSearchable('"""')).toBe(false);
  });

  it('within a country: $top 10, known types, ids excluded in the query, displayName and provinceName', () => {
    expect(Object.fromEntries(locationsWithinCountryQuery(6251999, 'tor', [1, 22]))).toEqual({
      search: '+tor*',
      queryType: 'simple',
      $select: select,
      $top: '10',
      searchFields: 'displayName,provinceName',
      $filter: `countryId eq 6251999 and ${types} and not search.in(key, '1,22', ',')`,
      $orderby: 'population desc,id asc',
    });
    const none = Object.fromEntries(locationsWithinCountryQuery(1, 'tor', []));
    expect(none['$filter']).toBe(`countryId eq 1 and ${types}`);
  });

  it('within a country: at most 300 ids in the query', () => {
    const ids = Array.from({ length: 305 }, (_, i) => i + 1);
    const filter = Object.fromEntries(locationsWithinCountryQuery(1, 'tor', ids))['$filter'] ?? '';
    const list = /search\.in\(key, '([^']*)'/.exec(filter)?.[1]?.split(',') ?? [];
    expect(list).toHaveLength(300);
    expect(list.at(-1)).toBe('300');
  });

  it('traveller locations: not duplicate, the origin excluded, population descending', () => {
    expect(Object.fromEntries(travellerLocationsQuery('new york', 42))).toEqual({
      search: '+new* +york*',
      queryType: 'simple',
      $select: select,
      $top: '10',
      searchFields: 'displayName,provinceName',
      $filter: `isDuplicate eq false and ${types} and id ne 42`,
      $orderby: 'population desc,id asc',
    });
    expect(Object.fromEntries(travellerLocationsQuery('new', null))['$filter']).toBe(
      `isDuplicate eq false and ${types}`,
    );
  });

  it('countries: location type 6', () => {
    expect(Object.fromEntries(countriesQuery('can'))).toEqual({
      search: '+can*',
      queryType: 'simple',
      $select: select,
      $top: '10',
      searchFields: 'displayName',
      $filter: 'locationType eq 6',
      $orderby: 'displayName asc,id asc',
    });
  });

  it('a single location by id', () => {
    expect(Object.fromEntries(locationByIdQuery(6094817))).toEqual({
      $filter: 'id eq 6094817',
      $select: select,
      $top: '10',
    });
  });

  it('over 300 added places, excludes first those the words typed can find', () => {
    const added = Array.from({ length: 400 }, (_, i) => ({ id: i, displayName: `Place ${i}` }));
    added.push({ id: 999, displayName: 'Toronto, Ontario' });
    const ids = locationIdsToExclude(added, 'tor ont');
    expect(ids).toHaveLength(300);
    expect(ids[0]).toBe(999);
    expect(locationIdsToExclude(added.slice(0, 3), 'x')).toEqual([0, 1, 2]);
  });

  it('places by id (the locator map, issue 19): one search.in over the distinct ids, all on one page', () => {
    expect(locationsByIdsQuery([7, 3, 7, 0, 2.5, 12])).toEqual([
      ['$filter', "search.in(key, '7,3,12', ',')"],
      ['$select', select],
      ['$top', '3'],
    ]);
    const many = Array.from({ length: 1500 }, (_, i) => i + 1);
    const top = locationsByIdsQuery(many).find(([name]) => name === '$top');
    expect(top?.[1]).toBe('1000');
  });
});
