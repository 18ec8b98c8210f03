/**
 * A scratch database of 20,000 disease activities for `tests/bench/activity-figures.ts`: the
 * demo seed's 500 activities (`--articles 200 --activities 500`) copied 39 times in SQL with
 * every period, collection and report (973,480 committed Daily Totals), as docs/benchmarks.md's
 * "One cumulative rule on the server" sizes them. The copies keep their activity's country, so
 * the scratch copy drops the (disease, country, species) unique key: only use a database made
 * for this. `BENCH_COPIES` (default 39) sets the copies.
 * `DATABASE_URL=postgres://…/scratch node --import tsx tests/bench/activity-figures-corpus.ts`
 */
import { sql } from 'drizzle-orm';
import { loadServerConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import type { Db } from '@server/db/client';
import { seed } from '@server/seed/run';

const copies = Number(process.env['BENCH_COPIES'] ?? 39);

async function one(db: Db, query: string): Promise<number> {
  const result = (await db.execute(sql.raw(query))) as unknown as
    { rows: Record<string, unknown>[] } | Record<string, unknown>[];
  const rows = Array.isArray(result) ? result : result.rows;
  return Number(rows[0]?.['n'] ?? 0);
}

async function columnsOf(db: Db, table: string): Promise<string[]> {
  const result = (await db.execute(
    sql`select column_name as n from information_schema.columns where table_name = ${table} and table_schema = 'public' and is_generated = 'NEVER' order by ordinal_position`,
  )) as unknown as { rows: { n: string }[] } | { n: string }[];
  return (Array.isArray(result) ? result : result.rows).map((r) => r.n);
}

async function main() {
  const database = await openDatabase(loadServerConfig());
  const db = database.db;
  await database.migrate();
  const log = (m: string) => console.log(m);
  if ((await one(db, 'select count(*)::int as n from disease_activities')) === 0) {
    await seed(db, { articles: 200, activities: 500 }, log);
  }
  await db.execute(
    sql.raw(
      'alter table disease_activities drop constraint if exists disease_activities_disease_country_species_key',
    ),
  );
  const a = await one(db, 'select max(disease_activity_id)::int as n from disease_activities');
  const p = await one(db, 'select max(id)::int as n from reporting_periods');
  const c = await one(db, 'select max(id)::int as n from report_collections');
  const r = await one(db, 'select max(id)::int as n from reports');
  const copy = async (table: string, shifted: Record<string, string>, key: string, max: number) => {
    const columns = await columnsOf(db, table);
    const list = columns.map((x) => `"${x}"`).join(', ');
    const values = columns.map((x) => shifted[x] ?? `t."${x}"`).join(', ');
    await db.execute(
      sql.raw(
        `insert into "${table}" (${list}) select ${values} from "${table}" t where t."${key}" <= ${max}`,
      ),
    );
  };
  for (let k = 1; k <= copies; k++) {
    const t0 = performance.now();
    const activity = `t.disease_activity_id + ${k * a}`;
    await copy('disease_activities', { disease_activity_id: activity }, 'disease_activity_id', a);
    await copy(
      'disease_activity_countries',
      { disease_activity_id: activity },
      'disease_activity_id',
      a,
    );
    await copy(
      'reporting_periods',
      { id: `t.id + ${k * p}`, disease_activity_id: activity },
      'id',
      p,
    );
    await copy(
      'report_collections',
      { id: `t.id + ${k * c}`, disease_activity_id: activity },
      'id',
      c,
    );
    await copy(
      'reports',
      {
        id: `t.id + ${k * r}`,
        report_collection_id: `t.report_collection_id + ${k * c}`,
        disease_activity_id: activity,
        reporting_period_id: `t.reporting_period_id + ${k * p}`,
      },
      'id',
      r,
    );
    log(`copy ${k} of ${copies} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  for (const [table, column] of [
    ['disease_activities', 'disease_activity_id'],
    ['reporting_periods', 'id'],
    ['report_collections', 'id'],
    ['reports', 'id'],
  ] as const) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('"${table}"', '${column}'), (select max("${column}") from "${table}") + 1, false)`,
      ),
    );
  }
  await db.execute(sql.raw('analyze'));
  log(
    `activities ${await one(db, 'select count(*)::int as n from disease_activities')}, committed Daily Totals ${await one(db, 'select count(*)::int as n from reports where type = 4 and report_status = 2')}`,
  );
  await database.close();
}
void main();
