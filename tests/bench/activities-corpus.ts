/**
 * A scratch database with 20,000 disease activities for `npm run bench`. The seed can make at
 * most ~7,300 unique (disease, country, species) triples from its 54 countries, so it seeds
 * 5,000 and copies them three times onto provinces (as countries of the copies), with every
 * report, collection, period and article link: ~2.1 M reports. The summaries triggers fire on
 * the copies' inserts, as they would for any writer.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { rowsOf } from '@server/db/rows';
import { seed } from '@server/seed/run';

/** Activities the seed writes before the copies; the result has 4× as many. */
export const seededActivities = 5_000;
export const copies = 3;

async function maxId(db: Db, table: string, column: string): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql.raw(`select coalesce(max("${column}"), 0)::int as n from "${table}"`)),
  );
  return Number(rows[0]?.['n'] ?? 0);
}

async function columnsOf(db: Db, table: string): Promise<string[]> {
  const rows = rowsOf(
    await db.execute(
      sql`select column_name from information_schema.columns where table_name = ${table} and table_schema = 'public' and is_generated = 'NEVER' order by ordinal_position`,
    ),
  );
  return rows.map((r) => String(r['column_name']));
}

/** Copies every row of `table` with the given columns shifted (`expr` per column). */
async function copyTable(
  db: Db,
  table: string,
  shifted: Readonly<Record<string, string>>,
  from = '',
): Promise<void> {
  const columns = await columnsOf(db, table);
  const list = columns.map((c) => `"${c}"`).join(', ');
  const values = columns.map((c) => shifted[c] ?? `t."${c}"`).join(', ');
  await db.execute(
    sql.raw(`insert into "${table}" (${list}) select ${values} from "${table}" t ${from}`),
  );
}

/** Seeds 5,000 activities (1,000 articles) and multiplies them to 20,000. */
export async function buildActivitiesCorpus(db: Db, log: (m: string) => void): Promise<void> {
  await seed(db, { articles: 1_000, activities: seededActivities }, log);
  const a = await maxId(db, 'disease_activities', 'disease_activity_id');
  const p = await maxId(db, 'reporting_periods', 'id');
  const c = await maxId(db, 'report_collections', 'id');
  const r = await maxId(db, 'reports', 'id');
  for (let k = 1; k <= copies; k += 1) {
    const t0 = performance.now();
    // Country c of the original → the (c + (k-1)·54)-th province: unique per copy.
    await db.execute(sql.raw(`drop table if exists bench_country_map`));
    await db.execute(
      sql.raw(`create table bench_country_map as
        with c as (select id, row_number() over (order by id) rn from locations where location_type = 6),
             p as (select id, row_number() over (order by id) rn from locations where location_type = 4)
        select c.id as country_id, p.id as copy_id from c join p on p.rn = c.rn + ${(k - 1) * 54}`),
    );
    const mapped = `(select m.copy_id from bench_country_map m where m.country_id = t.country_id)`;
    const onlyOriginals = (column: string, max: number) => `where t."${column}" <= ${max}`;
    await copyTable(
      db,
      'disease_activities',
      { disease_activity_id: `t.disease_activity_id + ${k * a}`, country_id: mapped },
      onlyOriginals('disease_activity_id', a),
    );
    await copyTable(
      db,
      'disease_activity_countries',
      { disease_activity_id: `t.disease_activity_id + ${k * a}`, country_id: mapped },
      onlyOriginals('disease_activity_id', a),
    );
    await copyTable(
      db,
      'reporting_periods',
      { id: `t.id + ${k * p}`, disease_activity_id: `t.disease_activity_id + ${k * a}` },
      onlyOriginals('id', p),
    );
    await copyTable(
      db,
      'report_collections',
      {
        id: `t.id + ${k * c}`,
        disease_activity_id: `t.disease_activity_id + ${k * a}`,
        country_id: mapped,
      },
      onlyOriginals('id', c),
    );
    await copyTable(
      db,
      'reports',
      {
        id: `t.id + ${k * r}`,
        report_collection_id: `t.report_collection_id + ${k * c}`,
        disease_activity_id: `t.disease_activity_id + ${k * a}`,
        reporting_period_id: `t.reporting_period_id + ${k * p}`,
        // The copies' country-level entries sit at the copy's "country".
        location_id: `case when t.location_id = (select d.country_id from disease_activities d where d.disease_activity_id = t.disease_activity_id) then (select m.copy_id from bench_country_map m where m.country_id = t.location_id) else t.location_id end`,
      },
      onlyOriginals('id', r),
    );
    await copyTable(
      db,
      'report_articles',
      { report_id: `t.report_id + ${k * r}` },
      onlyOriginals('report_id', r),
    );
    log(`bench: copy ${k} of ${copies} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  await db.execute(sql.raw(`drop table if exists bench_country_map`));
  await db.execute(sql.raw(`analyze`));
}
