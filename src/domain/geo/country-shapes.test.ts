import { iso31661 } from 'iso-3166';
import worldCountries from 'world-countries';
import world from 'world-atlas/countries-110m.json';
import { describe, expect, it } from 'vitest';
import { placeCountries, type PlaceableCountry } from './country-shapes';
import { asWorldTopology, countryShapes } from './world';

const shapes = countryShapes(asWorldTopology(world));
/** The name world-atlas gives the shape a country was placed on. */
const shapeName = (placement: ReturnType<typeof placeCountries>, countryId: number) => {
  const i = placement.shapeOfCountry.get(countryId);
  return i === undefined ? undefined : shapes[i]?.properties.name;
};

const country = (
  countryId: number,
  isoCode: string | null,
  latitude: number | null,
  longitude: number | null,
): PlaceableCountry => ({ countryId, isoCode, latitude, longitude });

describe('countries placed on the map (issue 29)', () => {
  it('shades Switzerland and Fiji on their own shapes, found by ISO code', () => {
    const placed = placeCountries(
      // Bern; Suva (Fiji's shape crosses 180°).
      [country(756, 'CH', 46.948, 7.4474), country(242, 'FJ', -18.1416, 178.4419)],
      shapes,
    );
    expect(shapeName(placed, 756)).toBe('Switzerland');
    expect(shapeName(placed, 242)).toBe('Fiji');
    expect(placed.pointOfCountry.size).toBe(0);
  });

  it("draws a territory without a 110m shape as a dot, never on its neighbour's shape", () => {
    const placed = placeCountries(
      [
        country(1, 'VA', 41.9029, 12.4534),
        country(2, 'SG', 1.3521, 103.8198),
        country(3, 'IT', 42.5, 12.5),
        country(4, 'MT', null, null),
      ],
      shapes,
    );
    expect(shapeName(placed, 3)).toBe('Italy');
    expect(placed.shapeOfCountry.has(1)).toBe(false);
    expect(placed.pointOfCountry.get(1)).toEqual({ latitude: 41.9029, longitude: 12.4534 });
    expect(placed.pointOfCountry.get(2)).toEqual({ latitude: 1.3521, longitude: 103.8198 });
    // No shape and no point: nothing to draw.
    expect(placed.shapeOfCountry.has(4) || placed.pointOfCountry.has(4)).toBe(false);
  });

  it('places a country without a code by its point, unless a coded country has that shape', () => {
    const placed = placeCountries(
      [
        country(10, null, 56.1304, -106.3468),
        country(11, null, 46.8, 8.2),
        country(12, 'CH', 46.948, 7.4474),
      ],
      shapes,
    );
    expect(shapeName(placed, 10)).toBe('Canada');
    expect(placed.shapeOfCountry.has(11)).toBe(false);
    expect(shapeName(placed, 12)).toBe('Switzerland');
  });

  it('gives every ISO 3166-1 country a shape or a dot (points: world-countries)', () => {
    const latlng = new Map(worldCountries.map((c) => [c.cca2, c.latlng]));
    const all = iso31661.map((c, i) =>
      country(
        i + 1,
        c.alpha2,
        latlng.get(c.alpha2)?.[0] ?? null,
        latlng.get(c.alpha2)?.[1] ?? null,
      ),
    );
    const placed = placeCountries(all, shapes);
    expect(
      all.filter(
        (c) => !placed.shapeOfCountry.has(c.countryId) && !placed.pointOfCountry.has(c.countryId),
      ),
    ).toEqual([]);
    // No two countries on one shape.
    expect(new Set(placed.shapeOfCountry.values()).size).toBe(placed.shapeOfCountry.size);
    expect(placed.shapeOfCountry.size).toBeGreaterThan(170);
  });
});
