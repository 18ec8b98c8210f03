import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { articlesIndex, fieldNamesOf, locationsIndex } from './index-definition';
import { rowsOf } from '../db/rows';
import { indexWritten } from './memory/changes';

/**
 * Builds the search documents from the API's own tables, in SQL (INSERT … SELECT): the
 * `articles` index from articles and their diseases, locations, context tags, report links,
 * creators and source lookups; the `locations` index from locations. Documents that arrived only
 * through docs/index (second-data-store articles) are left alone.
 */

/** The `articles` fields; the SELECT below lists its columns in this (the definition's) order. */
const articleColumns = fieldNamesOf(articlesIndex);

/** Upserts the documents of the API articles in `scope` (a condition on `a`, the articles row). */
function upsertArticlesSql(scope: SQL): SQL {
  const columns = sql.join(
    articleColumns.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const updates = sql.join(
    articleColumns
      .filter((name) => name !== articlesIndex.key)
      .map((name) => sql`${sql.identifier(name)} = excluded.${sql.identifier(name)}`)
      // The document is the indexer's own from now on (the start-up repair may remove it).
      .concat(sql`"uploaded" = false`),
    sql`, `,
  );
  // Pre-aggregated per article and hash-joined: correlated subqueries per row cost far more.
  return sql`
    with scoped as (select a.* from articles a where ${scope}),
    dis as (
      select ad.article_id,
        array_agg(d.display_name order by d.disease_id) as names,
        array_agg(d.disease_id::text order by d.disease_id) as ids
      from article_diseases ad
      join diseases d on d.disease_id = ad.disease_id
      where ad.article_id in (select article_id from scoped)
      group by ad.article_id
    ),
    loc as (
      select al.article_id, array_agg(l.display_name order by l.id) as names
      from article_locations al
      join locations l on l.id = al.location_id
      where al.article_id in (select article_id from scoped)
      group by al.article_id
    ),
    tags as (
      select act.article_id,
        array_agg(ct.display_name order by ct.display_name) filter (where not act.suggested) as names,
        array_agg(ct.display_name order by ct.display_name) filter (where act.suggested) as suggested
      from article_context_tags act
      join context_tags ct on ct.id = act.context_tag_id
      where act.article_id in (select article_id from scoped)
      group by act.article_id
    ),
    linked as (
      select distinct ra.article_id
      from report_articles ra
      join reports r on r.id = ra.report_id
      -- A deleted entry (status 0) no longer links its articles to the activity.
      where r.report_status is distinct from 0
        and ra.article_id in (select article_id from scoped)
    )
    insert into search_articles (${columns})
    select
      a.article_id::text,
      a.feed_id,
      a.title,
      a.published_date,
      a.inserted_date,
      a.ham_type_id,
      a.original_source_url,
      sg.display_name,
      sp.display_name,
      sc.display_name,
      a.cluster_id::text,
      a.is_read,
      a.is_completed,
      a.is_important,
      a.is_child,
      a.children_count,
      a.original_language,
      coalesce(dis.names, '{}'),
      coalesce(loc.names, '{}'),
      a.summary,
      linked.article_id is not null,
      case when u.id is null then null
        else coalesce(nullif(trim(concat_ws(' ', u.given_name, u.family_name)), ''), u.email, u.subject)
      end,
      coalesce(tags.names, '{}'),
      coalesce(tags.suggested, '{}'),
      a.is_cosmos_db_article,
      a.body,
      coalesce(dis.ids, '{}')
    from scoped a
    left join data_source_groups sg on sg.id = a.source_group_id
    left join data_source_priorities sp on sp.id = a.source_priority_id
    left join data_source_categories sc on sc.id = a.source_category_id
    left join users u on u.id = a.created_by_user_id
    left join dis on dis.article_id = a.article_id
    left join loc on loc.article_id = a.article_id
    left join tags on tags.article_id = a.article_id
    left join linked on linked.article_id = a.article_id
    on conflict ("articleId") do update set ${updates}`;
}

/**
 * Writes the `locations` index documents of the API's locations `where` holds (alias `l`):
 * all of them after the rebuild's delete, or the ones the world gazetteer adds.
 */
export const locationDocumentsSql = (where: SQL) => sql`
  insert into search_locations
    ("key", "id", "displayName", "provinceId", "countryId", "population", "locationType",
     "featureCode", "name", "provinceName", "isDuplicate", "latitude", "longitude")
  select
    l.id::text,
    l.id,
    -- Spec 000 §3: 'name, province' for cities, counties and metros that have a province.
    case when l.location_type in (2, 9, 30) and p.name is not null
      then l.name || ', ' || p.name else l.name end,
    l.province_id,
    l.country_id,
    l.population,
    l.location_type,
    l.feature_code,
    l.name,
    p.name,
    l.is_duplicate,
    l.latitude,
    l.longitude
  from locations l
  left join locations p on p.id = l.province_id
  where ${where}`;

/** Replaces the `locations` index with the API's locations. */
const rebuildLocationsSql = locationDocumentsSql(sql`true`);

/** What a reindex wrote and how long it took. */
export interface ReindexReport {
  readonly articles: number;
  readonly locations: number;
  readonly milliseconds: number;
}

/**
 * Rebuilds both indexes from the API tables in one transaction: every API article's document
 * replaced (documents only in the index stay), the locations index replaced. Measured on PGlite
 * at 20,000 seed articles: about 25 s, most of it to_tsvector of the bodies and GIN upkeep.
 */
export async function reindexAll(
  db: Db,
  log: (message: string) => void = () => {},
): Promise<ReindexReport> {
  const t0 = performance.now();
  const counts = await db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_articles_owed`);
    await tx.execute(sql`delete from search_locations`);
    await tx.execute(rebuildLocationsSql);
    log(`search: locations indexed in ${elapsed(t0)}`);
    // Delete then insert: upserting over existing documents took twice as long (every GIN
    // index gains entries for the new row versions and the conflict checks cost on top).
    await tx.execute(
      sql`delete from search_articles where "articleId" in (select article_id::text from articles)`,
    );
    // Into an empty table, building each index once after the load beats updating every GIN
    // index row by row. The primary key stays: the upsert's ON CONFLICT needs it.
    const empty = rowsOf(await tx.execute(sql`select 1 from search_articles limit 1`)).length === 0;
    const dropped = empty ? await dropSecondaryIndexes(tx, articlesIndex.table) : [];
    await tx.execute(upsertArticlesSql(sql`true`));
    // pg_indexes.indexdef is the server's own rendering of a definition it accepted.
    for (const definition of dropped) await tx.execute(sql.raw(definition));
    log(`search: articles indexed in ${elapsed(t0)}`);
    // PGlite has no autovacuum: without statistics the first queries plan blind.
    await tx.execute(sql`analyze search_articles`);
    await tx.execute(sql`analyze search_locations`);
    const [articles, locations] = await Promise.all([
      countOf(tx, articlesIndex.table),
      countOf(tx, locationsIndex.table),
    ]);
    return { articles, locations };
  });
  await indexWritten(db);
  return { ...counts, milliseconds: Math.round(performance.now() - t0) };
}

/**
 * Re-indexes the given API articles after a create or update: upserts their documents and
 * removes those whose article is gone (unless they came from the second data store).
 */
export async function reindexArticles(db: Db, articleIds: readonly number[]): Promise<void> {
  if (articleIds.length === 0) return;
  const ids = sql`array(select jsonb_array_elements_text(${JSON.stringify(articleIds)}::jsonb)::int)`;
  await db.transaction(async (tx) => {
    // The marks first: the upsert's snapshot is later, so it sees every write they stood for;
    // a write committed after this statement keeps its mark (search_articles_owed).
    await tx.execute(sql`delete from search_articles_owed where article_id = any(${ids})`);
    await tx.execute(upsertArticlesSql(sql`a.article_id = any(${ids})`));
    // The articles looked up by their key (any(ids)): `a.article_id::text = s."articleId"`
    // alone scanned every article on each write (13 ms at 20,000, growing with the table).
    await tx.execute(sql`
      delete from search_articles s
      where s."articleId" = any(${ids}::text[])
        and s."isCosmosDbArticle" is not true
        and not exists (
          select 1 from articles a
          where a.article_id = any(${ids}) and a.article_id::text = s."articleId")`);
  });
  await indexWritten(db);
}

/**
 * True when the search tables were never built (main.ts then runs reindexAll): the `articles`
 * index is empty while there are articles, or the `locations` index while there are places. A
 * database without articles (no demo seed) is not rebuilt on every start (decision 0069).
 */
export async function isSearchIndexUnbuilt(db: Db): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      select 1 where
        (not exists (select 1 from search_articles) and exists (select 1 from articles))
        or (not exists (select 1 from search_locations) and exists (select 1 from locations))`),
  );
  return rows.length > 0;
}

/** Drops a table's indexes other than its constraints' and returns their definitions. */
async function dropSecondaryIndexes(
  db: Pick<Db, 'execute'>,
  table: string,
): Promise<readonly string[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select i.indexname as name, i.indexdef as definition
      from pg_indexes i
      where i.tablename = ${table} and i.schemaname = current_schema()
        and not exists (select 1 from pg_constraint c
          where c.conname = i.indexname and c.conrelid = ${table}::regclass)`),
  );
  for (const row of rows) {
    await db.execute(sql`drop index ${sql.identifier(String(row['name']))}`);
  }
  return rows.map((row) => String(row['definition']));
}

async function countOf(db: Pick<Db, 'execute'>, table: string): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`),
  );
  return Number(rows[0]?.['n'] ?? 0);
}

const elapsed = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
