import { Schema } from 'effect';
import type { LocationSearchResult } from './details-engine-api';
import { SearchFailure, type SearchServiceSend } from '../search-service';

/** Locations asked of the search service per query, before the ones already added are dropped. */
const locationSearchTop = 50;
/** Locations shown per query. */
export const locationSearchShown = 20;

const LocationSearchResponse = Schema.Struct({
  value: Schema.Array(
    Schema.Struct({
      id: Schema.Number,
      displayName: Schema.String,
      name: Schema.String,
      locationType: Schema.Number,
    }),
  ),
});

/** The words of what the analyst typed, each as a prefix term (simple query syntax). */
export function locationSearchText(text: string): string {
  const words = text
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, 8);
  return words.map((word) => `${word}*`).join(' ');
}

/**
 * The location search within a country (spec 001 §7 "Location search within a country"): the
 * locations index of the search service, every word typed matching the start of a word of the
 * name, the country's own locations only (duplicates left out), those already in the activity
 * excluded. A search service failure is logged and answers empty with `error` true.
 */
export function createLocationSearch(
  send: SearchServiceSend,
  log: (message: string) => Promise<void>,
) {
  return async function searchActivityLocations(
    countryId: number,
    text: string,
    excludeIds: readonly number[],
  ): Promise<LocationSearchResult> {
    const search = locationSearchText(text);
    if (search === '' || !Number.isInteger(countryId)) return { locations: [], error: false };
    const excluded = new Set(excludeIds);
    try {
      const answer = await send(
        'GET',
        '',
        [
          ['search', search],
          ['searchMode', 'all'],
          ['searchFields', 'name,displayName,provinceName'],
          ['$filter', `countryId eq ${countryId} and isDuplicate eq false`],
          ['$select', 'id,displayName,name,locationType'],
          ['$top', String(locationSearchTop)],
        ],
        LocationSearchResponse,
      );
      const locations = answer.value
        .filter((hit) => !excluded.has(hit.id))
        .slice(0, locationSearchShown);
      return { locations, error: false };
    } catch (error) {
      if (!(error instanceof SearchFailure)) throw error;
      await log(`Search error: ${error.message}`);
      return { locations: [], error: true };
    }
  };
}
