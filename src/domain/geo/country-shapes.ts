import { iso31661Alpha2ToNumeric } from 'iso-3166';
import { isGeoPoint, shapeAt, type CountryShape, type GeoPoint } from './points';

/** A country as the map places it: its ISO 3166-1 alpha-2 code and point, either may be null. */
export interface PlaceableCountry {
  readonly countryId: number;
  readonly isoCode: string | null;
  readonly latitude: number | null;
  readonly longitude: number | null;
}

export interface CountryPlacement {
  /** Country id → the index of its shape. */
  readonly shapeOfCountry: ReadonlyMap<number, number>;
  /** Countries with no shape of their own at the map's scale, drawn as a dot at their point. */
  readonly pointOfCountry: ReadonlyMap<number, GeoPoint>;
}

/**
 * Which shape is each country's (issue 29): the shape whose id is its ISO 3166-1 numeric code
 * (world-atlas ids its shapes so); a country without a code (an older gazetteer row) takes the
 * shape its point lies in, if no coded country has it. A coded country the 1:110 million shapes
 * leave out (Singapore, Malta, most island territories: 75 of 249) is a dot at its point, never
 * its neighbour's shape (the Vatican's point lies in Italy).
 */
export function placeCountries(
  countries: readonly PlaceableCountry[],
  shapes: readonly CountryShape[],
): CountryPlacement {
  const indexOfNumeric = new Map<string, number>();
  shapes.forEach((s, i) => {
    if (s.id !== undefined) indexOfNumeric.set(String(s.id), i);
  });
  const shapeOfCountry = new Map<number, number>();
  const pointOfCountry = new Map<number, GeoPoint>();
  const claimed = new Set<number>();
  const uncoded: PlaceableCountry[] = [];
  for (const c of countries) {
    if (c.isoCode === null) {
      uncoded.push(c);
      continue;
    }
    const numeric = iso31661Alpha2ToNumeric[c.isoCode];
    const i = numeric === undefined ? undefined : indexOfNumeric.get(numeric);
    const point = { latitude: c.latitude, longitude: c.longitude };
    if (i !== undefined) {
      shapeOfCountry.set(c.countryId, i);
      claimed.add(i);
    } else if (isGeoPoint(point)) {
      pointOfCountry.set(c.countryId, point);
    }
  }
  const index = new Map(shapes.map((s, i) => [s, i]));
  for (const c of uncoded) {
    const point = { latitude: c.latitude, longitude: c.longitude };
    if (!isGeoPoint(point)) continue;
    const shape = shapeAt(shapes, point);
    const i = shape === null ? undefined : index.get(shape);
    if (i !== undefined && !claimed.has(i)) shapeOfCountry.set(c.countryId, i);
  }
  return { shapeOfCountry, pointOfCountry };
}
