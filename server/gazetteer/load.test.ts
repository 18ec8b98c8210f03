import { sql } from 'drizzle-orm';
import { iso31661 } from 'iso-3166';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  createPostgresDatabase,
  openTestDatabase,
} from '../../tests/support/test-server';
import { loadServerConfig } from '../config';
import { openDatabase, type OpenDatabase } from '../db/client';
import { rowsOf } from '../db/rows';
import { seed } from '../seed/run';
import { ensureWorldGazetteer } from './load';

type Row = Record<string, unknown>;

/** Every table a seeded database fills whose rows name locations, or that the load must keep. */
const keptTables = [
  'articles',
  'article_locations',
  'disease_activities',
  'disease_activity_countries',
  'report_collections',
  'reports',
];

/**
 * The world gazetteer brought to a database the demo seed wrote (with activities, entries and
 * articles): nothing there renumbered, changed or lost; every ISO 3166-1 code (iso-3166's own
 * list, the oracle) present once; a second run, and a run beside another, add nothing.
 */
describe.each(backends)('world gazetteer on an existing database on %s', (backend) => {
  let database: OpenDatabase;
  let close: () => Promise<void>;
  let before: Map<number, Row>;
  const countsBefore = new Map<string, number>();
  let firstAdded = 0;

  const query = async (text: string) => rowsOf(await database.db.execute(sql.raw(text)));
  const count = async (table: string) =>
    Number((await query(`select count(*)::int as n from ${table}`))[0]?.['n']);
  // Every column but iso_code, which the load may fill where it was missing.
  const locationRows = async () =>
    new Map(
      (
        await query(`select id, name, location_type, parent_id, country_id, province_id,
          population, feature_code, is_duplicate, display_name, latitude, longitude
          from locations`)
      ).map((r) => [Number(r['id']), r]),
    );

  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(backend));
    await database.migrate();
    await seed(database.db, { articles: 60, activities: 6 });
    before = await locationRows();
    for (const table of keptTables) countsBefore.set(table, await count(table));
    firstAdded = (await ensureWorldGazetteer(database.db))?.added ?? 0;
  }, 240_000);
  afterAll(() => close());

  it('keeps every existing location as it was, with its id', async () => {
    const after = await locationRows();
    expect(before.size).toBeGreaterThan(2_000);
    for (const [id, row] of before) expect(after.get(id)).toEqual(row);
    expect(after.size).toBe(before.size + firstAdded);
    expect(firstAdded).toBeGreaterThan(20_000);
  });

  it('loses nothing that refers to locations', async () => {
    for (const table of keptTables) expect(await count(table), table).toBe(countsBefore.get(table));
    expect(countsBefore.get('disease_activities')).toBe(6);
    // The activities' countries are still the countries they were.
    const orphans = await query(`select count(*)::int as n from disease_activities a
      left join locations l on l.id = a.country_id and l.location_type = 6
      where l.id is null`);
    expect(orphans[0]?.['n']).toBe(0);
  });

  it('holds every ISO 3166-1 country and territory once, the seeded ones under their ids', async () => {
    const countries = await query(
      `select id, iso_code from locations where location_type = 6 and iso_code is not null`,
    );
    const codes = countries.map((r) => String(r['iso_code'])).sort();
    expect(codes).toEqual(iso31661.map((c) => c.alpha2).sort());
    expect(iso31661).toHaveLength(249);
    const idOf = new Map(countries.map((r) => [String(r['iso_code']), Number(r['id'])]));
    // The seed's 1-54 (Nigeria first, Fiji last) kept theirs.
    expect(idOf.get('NG')).toBe(1);
    expect(idOf.get('FJ')).toBe(54);
    expect(idOf.get('CH')).toBeGreaterThan(12_200_000);
    const [row] = await query(`select count(*)::int as n from locations where location_type = 6`);
    expect(row?.['n']).toBe(249);
  });

  it('names the first-level divisions by ISO 3166-2 code, seed provinces included', async () => {
    const [north] = await query(
      `select l.id, l.name, c.iso_code as country from locations l
       join locations c on c.id = l.country_id where l.iso_code = 'CM-NO'`,
    );
    // The seed's province 'North' of Cameroon (an id below 2,000) got the code.
    expect(north).toMatchObject({ name: 'North', country: 'CM' });
    expect(Number(north?.['id'])).toBeLessThan(2_000);
    const [zurich] = await query(
      `select c.name, p.iso_code from locations c join locations p on p.id = c.province_id
       where c.id = 2657896`,
    );
    expect(zurich).toEqual({ name: 'Zürich', iso_code: 'CH-ZH' });
  });

  it('indexes the new places for the location search', async () => {
    expect(await count('search_locations')).toBe(await count('locations'));
  });

  it('adds nothing a second time, nor when its record is gone', async () => {
    const total = await count('locations');
    expect(await ensureWorldGazetteer(database.db)).toBeNull();
    await database.db.execute(sql`delete from gazetteer_loads`);
    const again = await ensureWorldGazetteer(database.db);
    expect(again).toMatchObject({ added: 0, coded: 0 });
    expect(await count('locations')).toBe(total);
    expect(await count('gazetteer_loads')).toBe(1);
  }, 120_000);

  // Search/Add offered world-1's 'United Kingdom' division inside the United Kingdom as if it
  // were the country. A later load removes such a grouping unless something refers to it.
  it('removes a division grouping an earlier version loaded, unless something uses it', async () => {
    const [gb] = await query(
      `select id from locations where iso_code = 'GB' and location_type = 6`,
    );
    const gbId = Number(gb?.['id']);
    const [article] = await query(`select article_id from articles limit 1`);
    const grouping = (id: number, code: string, name: string) =>
      query(`insert into locations (id, name, location_type, parent_id, country_id, display_name, iso_code)
        values (${id}, '${name}', 4, ${gbId}, ${gbId}, '${name}', '${code}')`);
    await grouping(1_182_639_622, 'GB-UKM', 'United Kingdom');
    await grouping(1_182_621_155, 'GB-GBN', 'Great Britain');
    await query(`insert into search_locations ("key", id, "displayName", "countryId", "locationType", name, "isDuplicate")
      values ('1182639622', 1182639622, 'United Kingdom', ${gbId}, 4, 'United Kingdom', false)`);
    await query(`insert into article_locations (article_id, location_id)
      values (${Number(article?.['article_id'])}, 1182621155)`);
    const total = await count('locations');
    await database.db.execute(sql`delete from gazetteer_loads`);
    expect(await ensureWorldGazetteer(database.db)).toMatchObject({ added: 0, removed: 1 });
    const left = await query(`select iso_code from locations where iso_code like 'GB-%' and
      iso_code in ('GB-UKM', 'GB-GBN', 'GB-EAW')`);
    // The used one stays: an article names it.
    expect(left.map((r) => r['iso_code'])).toEqual(['GB-GBN']);
    expect(await count('locations')).toBe(total - 1);
    expect(await count(`search_locations where "key" = '1182639622'`)).toBe(0);
  }, 120_000);
});

/** Two servers starting at once on one empty PostgreSQL database, each with its own pool. */
describe.skipIf(!process.env['DATABASE_URL'])(
  'world gazetteer loaded by two servers at once',
  () => {
    it('loads once; both return', { timeout: 240_000 }, async () => {
      const made = await createPostgresDatabase(process.env['DATABASE_URL'] ?? '');
      const open = () => openDatabase(loadServerConfig({ DATABASE_URL: made.url }));
      const [a, b] = await Promise.all([open(), open()]);
      try {
        await a.migrate();
        const reports = await Promise.all([ensureWorldGazetteer(a.db), ensureWorldGazetteer(b.db)]);
        expect(reports.filter((r) => r === null)).toHaveLength(1);
        const [row] = rowsOf(
          await a.db.execute(sql`select count(*)::int as n,
          count(*) filter (where location_type = 6)::int as countries from locations`),
        );
        expect(row?.['countries']).toBe(249);
        expect(row?.['n']).toBe(reports.reduce((sum, r) => sum + (r?.added ?? 0), 0));
        const [loads] = rowsOf(
          await a.db.execute(sql`select count(*)::int as n from gazetteer_loads`),
        );
        expect(loads?.['n']).toBe(1);
      } finally {
        await Promise.all([a.close(), b.close()]);
        await made.drop();
      }
    });
  },
);
