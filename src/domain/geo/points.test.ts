import type { Feature, Polygon } from 'geojson';
import { geoContains } from 'd3-geo';
import { describe, expect, it } from 'vitest';
import {
  meanPoint,
  representativePoint,
  shapeAt,
  shapeContains,
  type CountryShape,
} from './points';
import world from 'world-atlas/countries-110m.json';
import { asWorldTopology, countryShapes } from './world';

const shapes = countryShapes(asWorldTopology(world));
const byId = new Map(shapes.map((s) => [String(s.id), s]));
const shape = (isoNumeric: string) => {
  const found = byId.get(isoNumeric);
  if (found === undefined) throw new Error(`no shape ${isoNumeric}`);
  return found;
};

/** Well-known city points (degrees, from atlases) and their countries' ISO 3166-1 numeric codes. */
const knownCities = [
  { name: 'Paris', latitude: 48.8566, longitude: 2.3522, country: '250' },
  { name: 'Madrid', latitude: 40.4168, longitude: -3.7038, country: '724' },
  { name: 'Nairobi', latitude: -1.2921, longitude: 36.8219, country: '404' },
  { name: 'Addis Ababa', latitude: 9.03, longitude: 38.74, country: '231' },
  { name: 'Delhi', latitude: 28.6139, longitude: 77.209, country: '356' },
  { name: 'Chengdu', latitude: 30.5728, longitude: 104.0668, country: '156' },
  { name: 'Moscow', latitude: 55.7558, longitude: 37.6173, country: '643' },
  { name: 'Denver', latitude: 39.7392, longitude: -104.9903, country: '840' },
  { name: 'Brasília', latitude: -15.7939, longitude: -47.8828, country: '076' },
  { name: 'La Paz', latitude: -16.4897, longitude: -68.1193, country: '068' },
  { name: 'Alice Springs', latitude: -23.698, longitude: 133.8807, country: '036' },
  { name: 'Kathmandu', latitude: 27.7172, longitude: 85.324, country: '524' },
];

describe('points of places (issue 19)', () => {
  it('reads world-atlas: 177 countries with ISO numeric ids and names', () => {
    expect(shapes).toHaveLength(177);
    expect(shape('250').properties.name).toBe('France');
    expect(shape('840').properties.name).toBe('United States of America');
  });

  it.each(knownCities)("$name's point lands inside its country's shape", (city) => {
    expect(shapeContains(shape(city.country), city)).toBe(true);
    expect(shapeAt(shapes, city)?.id).toBe(city.country);
  });

  it('a point in the sea is in no shape; a swapped pair lands elsewhere', () => {
    expect(shapeAt(shapes, { latitude: 0, longitude: -30 })).toBeNull();
    // Paris with latitude and longitude swapped is in the Gulf of Guinea's region, not France.
    expect(shapeContains(shape('250'), { latitude: 2.3522, longitude: 48.8566 })).toBe(false);
  });

  it('finds the same shape as testing every shape, the ones across 180° and the poles included', () => {
    // The oracle: d3-geo's exact test against all 177 shapes, no bounding boxes.
    const scan = (p: { latitude: number; longitude: number }) =>
      shapes.find((s) => geoContains(s, [p.longitude, p.latitude]))?.id ?? null;
    const points = [
      { latitude: -17.8, longitude: 178.1 }, // Fiji, across 180°
      { latitude: -17.3, longitude: -179.9 },
      { latitude: 66.5, longitude: 177.5 }, // Chukotka, Russia east of 180°
      { latitude: 65.0, longitude: -175.0 },
      { latitude: -85, longitude: 40 }, // Antarctica
    ];
    for (let latitude = -89; latitude <= 89; latitude += 7) {
      for (let longitude = -179.5; longitude <= 180; longitude += 9) {
        points.push({ latitude, longitude });
      }
    }
    let inShapes = 0;
    for (const p of points) {
      const expected = scan(p);
      if (expected !== null) inShapes += 1;
      expect(shapeAt(shapes, p)?.id ?? null, `${p.latitude}, ${p.longitude}`).toBe(expected);
    }
    expect(inShapes).toBeGreaterThan(150);
  });

  it("every country's representative point lies in its own shape and in no other", () => {
    for (const s of shapes) {
      const point = representativePoint(s);
      expect(shapeContains(s, point), s.properties.name).toBe(true);
      expect(shapeAt(shapes, point)?.id, s.properties.name).toBe(s.id);
    }
  });

  it("France's point is in metropolitan France, not pulled towards French Guiana", () => {
    const p = representativePoint(shape('250'));
    expect(p.latitude).toBeGreaterThan(42.3);
    expect(p.latitude).toBeLessThan(51.1);
    expect(p.longitude).toBeGreaterThan(-4.8);
    expect(p.longitude).toBeLessThan(8.2);
  });

  it('a crescent, whose centroid lies outside, gets a point inside it', () => {
    // A C open to the east: a 10°-wide band around the centre (10, 0) it does not cover.
    const ring: [number, number][] = [
      [0, -10],
      [20, -10],
      [20, -6],
      [4, -6],
      [4, 6],
      [20, 6],
      [20, 10],
      [0, 10],
      [0, -10],
    ];
    // d3-geo wants exterior rings clockwise (as seen on the map): reverse the counter-clockwise ring.
    const c: Feature<Polygon, { name: string }> = {
      type: 'Feature',
      properties: { name: 'C' },
      geometry: { type: 'Polygon', coordinates: [ring.slice().reverse()] },
    };
    const crescent: CountryShape = c;
    expect(shapeContains(crescent, { latitude: 0, longitude: 12 })).toBe(false);
    const p = representativePoint(crescent);
    expect(shapeContains(crescent, p)).toBe(true);
  });

  it('a mean point averages latitudes and longitudes; none of nothing', () => {
    expect(
      meanPoint([
        { latitude: 10, longitude: 20 },
        { latitude: 20, longitude: 40 },
      ]),
    ).toEqual({ latitude: 15, longitude: 30 });
    expect(meanPoint([])).toBeNull();
  });
});
