import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { SeedData } from './generate';

/** Rows per INSERT statement; each statement carries its rows as one JSON parameter. */
const ROWS_PER_STATEMENT = 2_000;

type Log = (msg: string) => void;

/**
 * Inserts rows in multi-row statements of up to 2,000 rows, each sent as ONE json parameter and
 * expanded server-side by json_populate_recordset. Binding tens of thousands of parameters per
 * statement through drizzle's builder made the 20,000-article seed take over a minute on PGlite;
 * one parameter per statement keeps both PGlite and PostgreSQL fast. Every row of a call must
 * carry the same keys (scalar values only: numbers, strings, booleans, Dates, null).
 */
export async function insertAll<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  onProgress?: (done: number) => void,
  /** 'skip': rows whose key (or any unique column) is taken are left out (the gazetteer's). */
  conflicts: 'fail' | 'skip' = 'fail',
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first);
  const names = keys.map((k) => {
    const column = columns[k];
    if (column === undefined) throw new Error(`seed: ${getTableName(table)} has no column ${k}`);
    return column.name;
  });
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  const tableName = sql.identifier(getTableName(table));
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
    const json = JSON.stringify(
      chunk.map((row) => {
        const record: Record<string, unknown> = {};
        const values = row as Record<string, unknown>;
        keys.forEach((k, j) => {
          if (!(k in values)) throw new Error(`seed: a ${getTableName(table)} row lacks ${k}`);
          record[names[j] ?? k] = values[k];
        });
        return record;
      }),
    );
    await db.execute(
      sql`insert into ${tableName} (${list}) select ${list} from json_populate_recordset(null::${tableName}, ${json}::json) ${conflicts === 'skip' ? sql`on conflict do nothing` : sql``}`,
    );
    onProgress?.(Math.min(rows.length, i + ROWS_PER_STATEMENT));
  }
}

/** Identity columns the seed fills with explicit ids; their sequences must move past them. */
const identityColumns: readonly (readonly [string, string])[] = [
  ['data_sources', 'id'],
  ['articles', 'article_id'],
  ['disease_activities', 'disease_activity_id'],
  ['reporting_periods', 'id'],
  ['report_collections', 'id'],
  ['reports', 'id'],
];

/** Every table the seed fills, children first (the order TRUNCATE and deletes need). */
export const seededTables: readonly string[] = [
  'description_versions',
  'report_articles',
  'reports',
  'report_collections',
  'reporting_periods',
  'disease_activity_countries',
  'disease_activities',
  'article_context_tags',
  'article_diseases',
  'article_locations',
  'articles',
  'data_sources',
  'locations',
  'gazetteer_loads',
  'context_tags',
  'context_tag_groups',
  'disease_species',
  'diseases',
  'species',
  'risk_models',
  'feeds',
  'data_source_groups',
  'data_source_categories',
  'data_source_priorities',
  'ham_types',
  'rejection_reasons',
  'assessment_concern_levels',
  'assessment_confidence_levels',
  'assessment_criteria',
];

/** Empties the seeded tables (and, by CASCADE, whatever refers to them, e.g. suggestions). */
export async function truncateSeededTables(db: Db): Promise<void> {
  await db.execute(
    sql.raw(
      `truncate table ${seededTables.map((n) => `"${n}"`).join(', ')} restart identity cascade`,
    ),
  );
}

/**
 * Foreign keys are checked by one trigger call per row, which is most of the cost of a bulk
 * load; the generated rows are consistent by construction (the seed tests insert them with the
 * checks on), so the seed turns the triggers off for its own transaction where the role may
 * (session_replication_role needs superuser or, on PostgreSQL 15+, a granted SET privilege).
 */
async function skipForeignKeyChecks(db: Db, log: Log): Promise<void> {
  try {
    await db.execute(sql`savepoint seed_replica_role`);
    await db.execute(sql`set local session_replication_role = replica`);
    await db.execute(sql`release savepoint seed_replica_role`);
  } catch {
    await db.execute(sql`rollback to savepoint seed_replica_role`);
    log('seed: foreign-key checks stay on (no privilege to set session_replication_role)');
  }
}

/** Writes the generated data set in one transaction: all of it, or nothing. */
export async function insertSeedData(
  db: Db,
  data: SeedData,
  log: Log,
  options: { readonly checkForeignKeys?: boolean } = {},
): Promise<void> {
  const { lookups: l, locations, articles: a, activities: v } = data;
  await db.transaction(async (tx) => {
    if (!options.checkForeignKeys) await skipForeignKeyChecks(tx, log);
    await insertAll(tx, t.diseases, l.diseases);
    await insertAll(tx, t.species, l.species);
    await insertAll(tx, t.diseaseSpecies, l.diseaseSpecies);
    await insertAll(tx, t.riskModels, l.riskModels);
    await insertAll(tx, t.feeds, l.feeds);
    await insertAll(tx, t.dataSourceCategories, l.dataSourceCategories);
    await insertAll(tx, t.dataSourceGroups, l.dataSourceGroups);
    await insertAll(tx, t.dataSourcePriorities, l.dataSourcePriorities);
    await insertAll(tx, t.dataSources, l.dataSources);
    await insertAll(tx, t.hamTypes, l.hamTypes);
    await insertAll(tx, t.rejectionReasons, l.rejectionReasons);
    await insertAll(tx, t.contextTagGroups, l.contextTagGroups);
    await insertAll(tx, t.contextTags, l.contextTags);
    await insertAll(tx, t.assessmentConcernLevels, l.assessmentConcernLevels);
    await insertAll(tx, t.assessmentConfidenceLevels, l.assessmentConfidenceLevels);
    await insertAll(tx, t.assessmentCriteria, l.assessmentCriteria);
    await insertAll(tx, t.locations, locations.rows);
    log(`seed: lookups and ${locations.rows.length} locations`);

    let reported = 0;
    await insertAll(tx, t.articles, a.articles, (done) => {
      if (done - reported >= 5_000 || done === a.articles.length) {
        reported = done;
        log(`seed: ${done} / ${a.articles.length} articles`);
      }
    });
    await insertAll(tx, t.articleDiseases, a.diseases);
    await insertAll(tx, t.articleLocations, a.locations);
    await insertAll(tx, t.articleContextTags, a.contextTags);
    log(
      `seed: article links (${a.diseases.length} diseases, ${a.locations.length} locations, ${a.contextTags.length} context tags)`,
    );

    await insertAll(tx, t.diseaseActivities, v.activities);
    await insertAll(tx, t.diseaseActivityCountries, v.countries);
    await insertAll(tx, t.reportingPeriods, v.periods);
    await insertAll(tx, t.reportCollections, v.collections);
    let reportedReports = 0;
    await insertAll(tx, t.reports, v.reports, (done) => {
      if (done - reportedReports >= 20_000 || done === v.reports.length) {
        reportedReports = done;
        log(`seed: ${done} / ${v.reports.length} reports`);
      }
    });
    await insertAll(tx, t.reportArticles, v.reportArticles);
    await insertAll(tx, t.descriptionVersions, v.descriptionVersions);
    log(
      `seed: ${v.activities.length} activities, ${v.collections.length} report collections, ${v.reportArticles.length} report-article links`,
    );

    // The index figures (disease_activity_summaries): their triggers are off in replica mode.
    await tx.execute(
      sql`select activity_summaries_refresh(array(select disease_activity_id from disease_activities))`,
    );
    // The one cumulative rule's stored figures: owed (their triggers are off too); `npm start`
    // and any read compute them (server/db/repositories/activity-figures.ts).
    await tx.execute(
      sql`insert into activity_figures_owed (disease_activity_id) select disease_activity_id from disease_activities on conflict do nothing`,
    );
    for (const [table, column] of identityColumns) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('"${table}"', '${column}'), coalesce((select max("${column}") from "${table}"), 0) + 1, false)`,
        ),
      );
    }
  });
}
