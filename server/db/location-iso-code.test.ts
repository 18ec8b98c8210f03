import { sql } from 'drizzle-orm';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsBefore } from '../../tests/support/migrations-before';
import { backends, openTestDatabase } from '../../tests/support/test-server';
import { seedCountries } from '../seed/data/countries';
import { rowsOf } from './rows';
import type { OpenDatabase } from './client';

countries.registerLocale(en);

/**
 * Migrations 0020-0021 on a database the demo seed wrote before locations had an ISO code: its
 * 54 countries get their ISO 3166-1 alpha-2 code (the oracle: i18n-iso-countries' English
 * names), a row the seed did not write (another name under a seed id) and cities get none.
 */
describe.each(backends)('locations.iso_code backfill on %s', (backend) => {
  let database: OpenDatabase;
  let close: () => Promise<void>;
  const old = migrationsBefore('0020_location_iso_code');
  const renamed = 7;

  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(backend));
    await database.migrate(old.folder);
    const rows = seedCountries.map((c, i) => ({
      id: i + 1,
      name: i + 1 === renamed ? 'Somewhere Else' : c.name,
    }));
    // Raw SQL: the rows an old server wrote, whatever later migrations add to the table.
    await database.db.execute(sql`
      insert into locations (id, name, location_type, country_id, display_name)
      select r.id, r.name, 6, r.id, r.name
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(id int, name text)`);
    await database.db.execute(sql`
      insert into locations (id, name, location_type, country_id, display_name)
      values (2332459, 'Lagos', 2, 1, 'Lagos')`);
    await database.migrate();
  });
  afterAll(async () => {
    await close();
    old.remove();
  });

  const codes = async () =>
    new Map(
      rowsOf(await database.db.execute(sql`select id, name, iso_code from locations`)).map((r) => [
        Number(r['id']),
        { name: String(r['name']), iso: r['iso_code'] as string | null },
      ]),
    );

  it('gives each seeded country its ISO 3166-1 alpha-2 code', async () => {
    const found = await codes();
    const countryIds = seedCountries.map((_, i) => i + 1).filter((id) => id !== renamed);
    expect(countryIds).toHaveLength(53);
    for (const id of countryIds) {
      const row = found.get(id);
      expect(row?.iso, row?.name).toBe(countries.getAlpha2Code(row?.name ?? '', 'en'));
    }
    expect(found.get(1)?.iso).toBe('NG');
    expect(found.get(54)?.iso).toBe('FJ');
  });

  it('leaves rows the seed did not write, and cities, without a code', async () => {
    const found = await codes();
    expect(found.get(renamed)?.iso).toBeNull();
    expect(found.get(2332459)?.iso).toBeNull();
  });

  it('refuses a second row with the same code', async () => {
    await expect(
      database.db.execute(sql`
        insert into locations (id, name, location_type, country_id, display_name, iso_code)
        values (900, 'Nigeria again', 6, 900, 'Nigeria again', 'NG')`),
    ).rejects.toThrow();
  });
});
