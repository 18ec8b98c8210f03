import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature } from 'topojson-client';
import type { CountryShape } from './points';

/**
 * The world's country shapes from world-atlas's TopoJSON (Natural Earth, public domain): the
 * `countries` object as GeoJSON features, id the ISO 3166-1 numeric code, properties.name.
 * The JSON is read by the caller (the map loads it lazily; the seed reads the file).
 */
export type WorldTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

/** Checks that parsed JSON is world-atlas's countries topology. */
export function asWorldTopology(json: unknown): WorldTopology {
  if (typeof json !== 'object' || json === null || !('type' in json) || json.type !== 'Topology')
    throw new Error('world shapes: not a TopoJSON topology');
  if (!('objects' in json) || typeof json.objects !== 'object' || json.objects === null)
    throw new Error('world shapes: the topology has no objects');
  const countries: unknown = 'countries' in json.objects ? json.objects.countries : undefined;
  if (
    typeof countries !== 'object' ||
    countries === null ||
    !('type' in countries) ||
    countries.type !== 'GeometryCollection'
  )
    throw new Error('world shapes: the topology has no countries collection');
  return json as WorldTopology;
}

/** The countries as features (polygons and multipolygons only). */
export function countryShapes(topology: WorldTopology): CountryShape[] {
  const collection = feature(topology, topology.objects.countries);
  const shapes: CountryShape[] = [];
  for (const f of collection.features) {
    const geometry = f.geometry;
    if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') continue;
    shapes.push({
      type: 'Feature',
      ...(f.id === undefined ? {} : { id: f.id }),
      properties: { name: f.properties.name },
      geometry,
    });
  }
  return shapes;
}
