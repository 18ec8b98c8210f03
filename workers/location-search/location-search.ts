import { Schema } from 'effect';
import type { QueryParameters } from '@domain/article-search/query';
import {
  countriesQuery,
  isLocationSearchable,
  locationByIdQuery,
  locationsByIdsQuery,
  locationsWithinCountryQuery,
  travellerLocationsQuery,
} from '@domain/location-search';
import { SearchFailure, type SearchServiceSend } from '../search-service';
import type {
  LocationHit,
  LocationSearchEngineApi,
  LocationSearchResult,
} from './location-search-contract';

const LocationSearchResponse = Schema.Struct({
  value: Schema.Array(
    Schema.Struct({
      id: Schema.Number,
      displayName: Schema.String,
      name: Schema.String,
      locationType: Schema.Number,
      provinceId: Schema.optionalWith(Schema.NullOr(Schema.Number), { default: () => null }),
      provinceName: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
      countryId: Schema.optionalWith(Schema.NullOr(Schema.Number), { default: () => null }),
      population: Schema.optionalWith(Schema.NullOr(Schema.Number), { default: () => null }),
      latitude: Schema.optionalWith(Schema.NullOr(Schema.Number), { default: () => null }),
      longitude: Schema.optionalWith(Schema.NullOr(Schema.Number), { default: () => null }),
    }),
  ),
});

const hitOf = (doc: (typeof LocationSearchResponse.Type)['value'][number]): LocationHit => ({
  id: doc.id,
  displayName: doc.displayName,
  name: doc.name,
  locationType: doc.locationType,
  provinceId: doc.provinceId,
  provinceName: doc.provinceName,
  countryId: doc.countryId,
  population: doc.population,
  latitude: doc.latitude,
  longitude: doc.longitude,
});

const nothing: LocationSearchResult = { locations: [], error: false };

/**
 * The location search service's calls (spec 000 §7), built by src/domain/location-search.ts
 * and sent to the locations index. A failure is logged and answers empty with `error` true
 * (spec 000 §8 "Location search failure gives an empty result").
 */
export function createLocationSearch(
  send: SearchServiceSend,
  log: (message: string) => Promise<void>,
): LocationSearchEngineApi {
  async function run(parameters: QueryParameters): Promise<LocationSearchResult> {
    try {
      const answer = await send('GET', '', parameters, LocationSearchResponse);
      return { locations: answer.value.map(hitOf), error: false };
    } catch (error) {
      if (!(error instanceof SearchFailure)) throw error;
      await log(`Search error: ${error.message}`);
      return { locations: [], error: true };
    }
  }

  return {
    async searchActivityLocations(countryId, text, excludeIds) {
      if (!isLocationSearchable(text) || !Number.isInteger(countryId)) return nothing;
      const answer = await run(locationsWithinCountryQuery(countryId, text, excludeIds));
      // Beyond the 300 ids the query can carry, an added place is still never offered.
      const excluded = new Set(excludeIds);
      return { ...answer, locations: answer.locations.filter((l) => !excluded.has(l.id)) };
    },
    async searchTravellerLocations(text, originId) {
      if (!isLocationSearchable(text)) return nothing;
      return run(travellerLocationsQuery(text, originId));
    },
    async searchCountries(text) {
      if (!isLocationSearchable(text)) return nothing;
      return run(countriesQuery(text));
    },
    async getLocations(ids) {
      if (!Array.isArray(ids) || ids.length === 0) return nothing;
      return run(locationsByIdsQuery(ids));
    },
    async getLocation(id) {
      if (!Number.isInteger(id)) return null;
      const answer = await run(locationByIdQuery(id));
      return answer.locations.find((l) => l.id === id) ?? null;
    },
  };
}
