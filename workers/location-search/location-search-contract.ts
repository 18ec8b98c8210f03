/** One location from the location search service (spec 000 §3 "Location search result"). */
export interface LocationHit {
  readonly id: number;
  readonly displayName: string;
  readonly name: string;
  readonly locationType: number;
  readonly provinceId: number | null;
  readonly provinceName: string | null;
  readonly countryId: number | null;
  readonly population: number | null;
  /** The place's point in degrees (issue 19); null when the gazetteer has none. */
  readonly latitude: number | null;
  readonly longitude: number | null;
}

/** Locations found; empty with `error` true when the search service failed (spec 000 §8). */
export interface LocationSearchResult {
  readonly locations: readonly LocationHit[];
  readonly error: boolean;
}

/** The location search service's calls (spec 000 §7), each a GET of the locations index. */
export interface LocationSearchEngineApi {
  /**
   * Within a country: places whose names have the words typed, those given (already in the
   * activity) excluded in the query. Empty below 3 typed characters.
   */
  searchActivityLocations(
    countryId: number,
    text: string,
    excludeIds: readonly number[],
  ): Promise<LocationSearchResult>;
  /** Traveller locations, most populous first, never `originId` nor a duplicate. */
  searchTravellerLocations(text: string, originId: number | null): Promise<LocationSearchResult>;
  /** Countries (location type 6) whose names have the words typed. */
  searchCountries(text: string): Promise<LocationSearchResult>;
  /** A single location by id; null when the index has none (or the service failed). */
  getLocation(id: number): Promise<LocationHit | null>;
  /** Places by id in one call (the locator map's points); empty for none. */
  getLocations(ids: readonly number[]): Promise<LocationSearchResult>;
}
