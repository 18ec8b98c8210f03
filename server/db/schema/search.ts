import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The embedded search service's indexes (server/search/index-definition.ts): one table per
 * index, one column per field named exactly as the field, and a generated tsvector column
 * `${field}_tsv` per searchable field. Written by server/search/indexer.ts and docs/index only.
 */

const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/**
 * to_tsvector('simple', …) of a text column. array_to_string is only STABLE, which a generated
 * column refuses, so collections go through ist_search_text(text[]), an IMMUTABLE wrapper the
 * migration 0002 creates (joining elements with ' ').
 */
function tsvOf(column: string, collection = false): () => SQL {
  const ref = sql.raw(`"${column}"`);
  const text = collection ? sql`ist_search_text(${ref})` : ref;
  return () => sql`to_tsvector('simple'::regconfig, coalesce(${text}, ''))`;
}

const searchable = (field: string) => tsvector(`${field}_tsv`).generatedAlwaysAs(tsvOf(field));
const searchableCollection = (field: string) =>
  tsvector(`${field}_tsv`).generatedAlwaysAs(tsvOf(field, true));
const collection = (field: string) =>
  text(field)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);
const dateTimeOffset = (field: string) => timestamp(field, { withTimezone: true, precision: 3 });

/** The `articles` index: the article search document of spec 000 §3. */
export const searchArticles = pgTable(
  'search_articles',
  {
    articleId: text('articleId').primaryKey(),
    articleFeed: integer('articleFeed'),
    articleTitle: text('articleTitle'),
    publishedDate: dateTimeOffset('publishedDate'),
    insertedDate: dateTimeOffset('insertedDate'),
    articleType: integer('articleType'),
    sourceUrl: text('sourceUrl'),
    sourceGroup: text('sourceGroup'),
    sourcePriority: text('sourcePriority'),
    sourceCategory: text('sourceCategory'),
    clusterId: text('clusterId'),
    isRead: boolean('isRead'),
    isCompleted: boolean('isCompleted'),
    isImportant: boolean('isImportant'),
    isChild: boolean('isChild'),
    childrenCount: integer('childrenCount'),
    originalLanguage: text('originalLanguage'),
    diseaseNames: collection('diseaseNames'),
    locationNames: collection('locationNames'),
    summary: text('summary'),
    isLinkedToActivity: boolean('isLinkedToActivity'),
    createdBy: text('createdBy'),
    contextTagNames: collection('contextTagNames'),
    suggestedContextTagNames: collection('suggestedContextTagNames'),
    isCosmosDbArticle: boolean('isCosmosDbArticle'),
    articleBody: text('articleBody'),
    diseaseIds: collection('diseaseIds'),
    /**
     * Written through docs/index (not a field): the start-up repair removes only documents the
     * indexer wrote from an article now gone, never one a client uploaded (issue 30).
     */
    uploaded: boolean('uploaded').notNull().default(false),

    articleIdTsv: searchable('articleId'),
    articleTitleTsv: searchable('articleTitle'),
    diseaseNamesTsv: searchableCollection('diseaseNames'),
    locationNamesTsv: searchableCollection('locationNames'),
    summaryTsv: searchable('summary'),
    contextTagNamesTsv: searchableCollection('contextTagNames'),
    articleBodyTsv: searchable('articleBody'),
    diseaseIdsTsv: searchableCollection('diseaseIds'),
  },
  (t) => [
    // Azure sorts nulls first ascending and last descending: one DESC NULLS LAST index
    // serves both directions (scanned backwards for asc).
    index('search_articles_inserted_idx').on(t.insertedDate.desc().nullsLast()),
    index('search_articles_published_idx').on(t.publishedDate.desc().nullsLast()),
    index('search_articles_type_inserted_idx').on(t.articleType, t.insertedDate.desc().nullsLast()),
    index('search_articles_read_inserted_idx').on(t.isRead, t.insertedDate.desc().nullsLast()),
    index('search_articles_cluster_idx').on(t.clusterId),
    index('search_articles_feed_idx').on(t.articleFeed),
    index('search_articles_created_by_idx').on(t.createdBy),
    index('search_articles_source_category_idx').on(t.sourceCategory),
    index('search_articles_source_group_idx').on(t.sourceGroup),
    index('search_articles_linked_idx').on(t.isLinkedToActivity),
    index('search_articles_cosmos_idx').on(t.isCosmosDbArticle),
    index('search_articles_disease_ids_gin').using('gin', t.diseaseIds),
    index('search_articles_disease_names_gin').using('gin', t.diseaseNames),
    index('search_articles_location_names_gin').using('gin', t.locationNames),
    index('search_articles_context_tags_gin').using('gin', t.contextTagNames),
    index('search_articles_suggested_tags_gin').using('gin', t.suggestedContextTagNames),
    index('search_articles_article_id_tsv_gin').using('gin', t.articleIdTsv),
    index('search_articles_title_tsv_gin').using('gin', t.articleTitleTsv),
    index('search_articles_disease_names_tsv_gin').using('gin', t.diseaseNamesTsv),
    index('search_articles_location_names_tsv_gin').using('gin', t.locationNamesTsv),
    index('search_articles_summary_tsv_gin').using('gin', t.summaryTsv),
    index('search_articles_context_tags_tsv_gin').using('gin', t.contextTagNamesTsv),
    index('search_articles_body_tsv_gin').using('gin', t.articleBodyTsv),
    index('search_articles_disease_ids_tsv_gin').using('gin', t.diseaseIdsTsv),
  ],
);

/** The `locations` index: the location search result of spec 000 §3, keyed by the id as text. */
export const searchLocations = pgTable(
  'search_locations',
  {
    key: text('key').primaryKey(),
    id: bigint('id', { mode: 'number' }),
    displayName: text('displayName'),
    provinceId: bigint('provinceId', { mode: 'number' }),
    countryId: bigint('countryId', { mode: 'number' }),
    population: bigint('population', { mode: 'number' }),
    locationType: integer('locationType'),
    featureCode: text('featureCode'),
    name: text('name'),
    provinceName: text('provinceName'),
    isDuplicate: boolean('isDuplicate'),
    // Two Edm.Double fields, not Edm.GeographyPoint: the protocol reference names geo functions
    // but not the point type's document form, and IST filters on neither (issue 19).
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),

    displayNameTsv: searchable('displayName'),
    nameTsv: searchable('name'),
    provinceNameTsv: searchable('provinceName'),
  },
  (t) => [
    index('search_locations_id_idx').on(t.id),
    index('search_locations_population_idx').on(t.population.desc().nullsLast()),
    index('search_locations_country_type_idx').on(t.countryId, t.locationType),
    index('search_locations_type_idx').on(t.locationType),
    index('search_locations_display_name_tsv_gin').using('gin', t.displayNameTsv),
    index('search_locations_name_tsv_gin').using('gin', t.nameTsv),
    index('search_locations_province_name_tsv_gin').using('gin', t.provinceNameTsv),
  ],
);
