import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import { geoArea, geoBounds, geoCentroid, geoContains, geoDistance } from 'd3-geo';

/**
 * Points of places (issue 19): a location's latitude and longitude in degrees (WGS 84), stored
 * with the location and sent as two numbers. Pure: d3-geo's spherical geometry, no I/O.
 */
export interface GeoPoint {
  readonly latitude: number;
  readonly longitude: number;
}

/** A country's shape (Natural Earth via world-atlas): its id (ISO 3166-1 numeric) and name. */
export type CountryShape = Feature<Polygon | MultiPolygon, { readonly name: string }>;

const toPosition = (p: GeoPoint): [number, number] => [p.longitude, p.latitude];

/** Whether a point is a valid latitude/longitude pair. */
export const isGeoPoint = (p: { latitude: unknown; longitude: unknown }): p is GeoPoint =>
  typeof p.latitude === 'number' &&
  typeof p.longitude === 'number' &&
  Number.isFinite(p.latitude) &&
  Number.isFinite(p.longitude) &&
  Math.abs(p.latitude) <= 90 &&
  Math.abs(p.longitude) <= 180;

/** Whether the shape contains the point (spherical, as d3-geo draws it). */
export const shapeContains = (shape: CountryShape, point: GeoPoint): boolean =>
  geoContains(shape, toPosition(point));

const rounded = (value: number) => Math.round(value * 1e4) / 1e4;

/**
 * A point inside the shape to stand for it (a country's point, computed once from its shape):
 * the centroid of its largest polygon when that lies inside (France's, not pulled towards
 * French Guiana), otherwise the inside point of a grid over that polygon closest to the
 * centroid (a crescent's centroid lies outside it). Four decimals (about 11 m).
 */
export function representativePoint(shape: CountryShape): GeoPoint {
  const polygons: Position[][][] =
    shape.geometry.type === 'Polygon' ? [shape.geometry.coordinates] : shape.geometry.coordinates;
  let largest: Feature<Polygon> | null = null;
  let largestArea = -1;
  for (const coordinates of polygons) {
    const polygon: Feature<Polygon> = {
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates },
    };
    const area = geoArea(polygon);
    if (area > largestArea) {
      largest = polygon;
      largestArea = area;
    }
  }
  if (largest === null) throw new Error(`representativePoint: ${shape.properties.name} is empty`);
  const centroid = geoCentroid(largest);
  const point = (p: [number, number]): GeoPoint => ({
    longitude: rounded(p[0]),
    latitude: rounded(p[1]),
  });
  if (geoContains(largest, centroid)) return point(centroid);
  const [[west, south], [east, north]] = geoBounds(largest);
  const width = east >= west ? east - west : east + 360 - west;
  const steps = 40;
  let best: [number, number] | null = null;
  let bestDistance = Infinity;
  for (let i = 0; i <= steps; i += 1) {
    for (let j = 0; j <= steps; j += 1) {
      let lon = west + (width * i) / steps;
      if (lon > 180) lon -= 360;
      const candidate: [number, number] = [lon, south + ((north - south) * j) / steps];
      if (!geoContains(largest, candidate)) continue;
      const d = geoDistance(candidate, centroid);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
  }
  if (best === null)
    throw new Error(`representativePoint: no inside point for ${shape.properties.name}`);
  return point(best);
}

/**
 * The shape containing a point (a country location's point tells which shape is its own);
 * null when none does (a country too small for the shapes' scale).
 */
export function shapeAt<S extends CountryShape>(shapes: readonly S[], point: GeoPoint): S | null {
  const position = toPosition(point);
  for (const shape of shapes) {
    if (inBounds(boundsOf(shape), point) && geoContains(shape, position)) return shape;
  }
  return null;
}

/** A shape's spherical bounding box, [[west, south], [east, north]] (west > east across 180°). */
type Bounds = [[number, number], [number, number]];

/**
 * Each shape's bounding box, computed once: the exact test (a winding sum over every edge) then
 * runs only for the few shapes whose box holds the point, not all 177 (65 ms a map mount).
 */
const bounds = new WeakMap<CountryShape, Bounds>();

function boundsOf(shape: CountryShape): Bounds {
  let box = bounds.get(shape);
  if (box === undefined) {
    box = geoBounds(shape);
    bounds.set(shape, box);
  }
  return box;
}

/** Whether the point lies in the box; a box whose west exceeds its east crosses 180°. */
function inBounds([[west, south], [east, north]]: Bounds, point: GeoPoint): boolean {
  if (point.latitude < south || point.latitude > north) return false;
  return west <= east
    ? point.longitude >= west && point.longitude <= east
    : point.longitude >= west || point.longitude <= east;
}

/** The mean of points (a province's point from its cities'); null for none. */
export function meanPoint(points: readonly GeoPoint[]): GeoPoint | null {
  if (points.length === 0) return null;
  let latitude = 0;
  let longitude = 0;
  for (const p of points) {
    latitude += p.latitude;
    longitude += p.longitude;
  }
  return {
    latitude: rounded(latitude / points.length),
    longitude: rounded(longitude / points.length),
  };
}
