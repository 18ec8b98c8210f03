/**
 * The indexes of the embedded Azure AI Search–compatible service, with Azure's field
 * attributes. Storage: one PostgreSQL table per index, named `table`; each field is a column
 * with exactly the field's name (quoted camelCase); each searchable field also has a tsvector
 * column named `${field}_tsv` (to_tsvector('simple', …), GIN-indexed). Collections are text[].
 */

import { articleSortColumns, orderBy } from '@domain/article-search/query';

export type EdmType =
  | 'Edm.String'
  | 'Edm.Int32'
  | 'Edm.Int64'
  | 'Edm.Double'
  | 'Edm.Boolean'
  | 'Edm.DateTimeOffset'
  | 'Collection(Edm.String)';

export interface FieldDefinition {
  readonly name: string;
  readonly type: EdmType;
  readonly key: boolean;
  readonly searchable: boolean;
  readonly filterable: boolean;
  readonly sortable: boolean;
  readonly facetable: boolean;
  readonly retrievable: boolean;
}

export interface IndexDefinition {
  readonly name: string;
  /** The PostgreSQL table holding the index's documents. */
  readonly table: string;
  /** The key field's name (always Edm.String, as in Azure). */
  readonly key: string;
  readonly fields: readonly FieldDefinition[];
  /**
   * A view of the API's tables rather than a table of its own: searched and looked up like any
   * index, never written by docs/index (its documents change when the tables do).
   */
  readonly readOnly?: boolean;
  /**
   * The `$orderby` texts its clients send on every page (the article index's sorts): the
   * in-memory copy sorts their orderings when it loads, as a database keeps an index per sort,
   * so no first page of a sort waits for one.
   */
  readonly presortedOrderBy?: readonly string[];
  /**
   * A boolean column (not a field) that docs/index sets and the indexer clears: the documents a
   * client uploaded, which the start-up repair must never take for its own (issue 30).
   */
  readonly uploadedColumn?: string;
}

type Attr = 'key' | 'searchable' | 'filterable' | 'sortable' | 'facetable';
const field = (name: string, type: EdmType, ...attrs: Attr[]): FieldDefinition => ({
  name,
  type,
  key: attrs.includes('key'),
  searchable: attrs.includes('searchable'),
  filterable: attrs.includes('filterable'),
  sortable: attrs.includes('sortable'),
  facetable: attrs.includes('facetable'),
  retrievable: true,
});

const S = 'Edm.String';
const I = 'Edm.Int32';
const L = 'Edm.Int64';
const B = 'Edm.Boolean';
const D = 'Edm.DateTimeOffset';
const C = 'Collection(Edm.String)';

/**
 * The article search document (spec 000 §3). Designed here: diseaseIds, diseaseNames,
 * locationNames and the context-tag names are string collections (the spec's "pipe-separated"
 * is how the UI joins them), so include/exclude filters can use any/all with search.in.
 */
export const articlesIndex: IndexDefinition = {
  name: 'articles',
  table: 'search_articles',
  key: 'articleId',
  uploadedColumn: 'uploaded',
  presortedOrderBy: articleSortColumns.flatMap((column) =>
    (['asc', 'desc'] as const).map((direction) => orderBy({ column, direction })),
  ),
  fields: [
    field('articleId', S, 'key', 'searchable', 'filterable', 'sortable'),
    field('articleFeed', I, 'filterable', 'sortable', 'facetable'),
    field('articleTitle', S, 'searchable', 'filterable', 'sortable'),
    field('publishedDate', D, 'filterable', 'sortable'),
    field('insertedDate', D, 'filterable', 'sortable'),
    field('articleType', I, 'filterable', 'sortable', 'facetable'),
    field('sourceUrl', S, 'filterable'),
    field('sourceGroup', S, 'filterable', 'sortable', 'facetable'),
    field('sourcePriority', S, 'filterable', 'sortable', 'facetable'),
    field('sourceCategory', S, 'filterable', 'sortable', 'facetable'),
    field('clusterId', S, 'filterable', 'sortable'),
    field('isRead', B, 'filterable', 'sortable', 'facetable'),
    field('isCompleted', B, 'filterable', 'sortable', 'facetable'),
    field('isImportant', B, 'filterable', 'sortable', 'facetable'),
    field('isChild', B, 'filterable', 'sortable'),
    field('childrenCount', I, 'filterable', 'sortable'),
    field('originalLanguage', S, 'filterable', 'sortable', 'facetable'),
    field('diseaseNames', C, 'searchable', 'filterable', 'facetable'),
    field('locationNames', C, 'searchable', 'filterable', 'facetable'),
    field('summary', S, 'searchable'),
    field('isLinkedToActivity', B, 'filterable', 'sortable', 'facetable'),
    field('createdBy', S, 'filterable', 'sortable', 'facetable'),
    field('contextTagNames', C, 'searchable', 'filterable', 'facetable'),
    field('suggestedContextTagNames', C, 'filterable', 'facetable'),
    field('isCosmosDbArticle', B, 'filterable', 'sortable', 'facetable'),
    field('articleBody', S, 'searchable'),
    field('diseaseIds', C, 'searchable', 'filterable', 'facetable'),
  ],
};

/**
 * The location search result (spec 000 §3). Azure keys are strings, so the key is `key`
 * (the id as text) and `id` stays the number the spec names.
 */
export const locationsIndex: IndexDefinition = {
  name: 'locations',
  table: 'search_locations',
  key: 'key',
  fields: [
    field('key', S, 'key', 'filterable'),
    field('id', L, 'filterable', 'sortable'),
    field('displayName', S, 'searchable', 'filterable', 'sortable'),
    field('provinceId', L, 'filterable'),
    field('countryId', L, 'filterable', 'facetable'),
    field('population', L, 'filterable', 'sortable'),
    field('locationType', I, 'filterable', 'sortable', 'facetable'),
    field('featureCode', S, 'filterable', 'facetable'),
    field('name', S, 'searchable', 'filterable', 'sortable'),
    field('provinceName', S, 'searchable', 'filterable', 'sortable'),
    field('isDuplicate', B, 'filterable', 'facetable'),
    // The place's point as two numbers (issue 19); see server/db/schema/search.ts.
    field('latitude', 'Edm.Double', 'filterable', 'sortable'),
    field('longitude', 'Edm.Double', 'filterable', 'sortable'),
  ],
};

/**
 * The article sources (spec 000 §7 "Article source search", §9 "top 10"): the index
 * /config.json names as `feedsIndexUrl`, a read-only view of the data sources the lookup by URL
 * reads (server/db/schema/search-sources.ts). Key: the id as text.
 */
export const feedsIndex: IndexDefinition = {
  name: 'feeds',
  table: 'search_feeds',
  key: 'key',
  readOnly: true,
  fields: [
    field('key', S, 'key', 'filterable'),
    field('id', L, 'filterable', 'sortable'),
    field('domain', S, 'filterable', 'sortable'),
    field('domainWords', S, 'searchable'),
    field('sourceCategoryId', I, 'filterable', 'facetable'),
    field('sourceCategory', S, 'filterable', 'sortable', 'facetable'),
    field('sourceGroupId', I, 'filterable', 'facetable'),
    field('sourceGroup', S, 'filterable', 'sortable', 'facetable'),
    field('sourcePriorityId', I, 'filterable', 'sortable', 'facetable'),
    field('sourcePriority', S, 'filterable', 'sortable', 'facetable'),
  ],
};

export const indexes: Readonly<Record<string, IndexDefinition>> = {
  articles: articlesIndex,
  locations: locationsIndex,
  feeds: feedsIndex,
};

/** The field of an index by name, or undefined. */
export function fieldOf(index: IndexDefinition, name: string): FieldDefinition | undefined {
  return index.fields.find((f) => f.name === name);
}

/** The field names of an index, in definition order (the order the indexer's SELECT follows). */
export const fieldNamesOf = (index: IndexDefinition): string[] => index.fields.map((f) => f.name);

/** The tsvector column of a searchable field. */
export const tsvectorColumnOf = (fieldName: string) => `${fieldName}_tsv`;

/**
 * Azure's `corsOptions` of an index: the origins whose browser scripts may read it ('*' for
 * any), and how long a browser may keep a preflight's answer (Azure's default: 5 minutes).
 */
export interface CorsOptions {
  readonly allowedOrigins: readonly string[];
  readonly maxAgeInSeconds?: number;
}

/** Azure's default preflight lifetime, sent explicitly so both services behave alike. */
export const defaultCorsMaxAgeSeconds = 300;

/**
 * An index definition as Azure's PUT /indexes/{name} takes it, with `corsOptions` when the
 * browser must read the index from another origin (no corsOptions: no cross-origin access).
 */
export function azureIndexOf(index: IndexDefinition, cors?: CorsOptions): Record<string, unknown> {
  return {
    name: index.name,
    fields: index.fields.map((f) => ({
      name: f.name,
      type: f.type,
      key: f.key,
      searchable: f.searchable,
      filterable: f.filterable,
      sortable: f.sortable,
      facetable: f.facetable,
      retrievable: f.retrievable,
    })),
    ...(cors === undefined
      ? {}
      : {
          corsOptions: {
            allowedOrigins: [...cors.allowedOrigins],
            maxAgeInSeconds: cors.maxAgeInSeconds ?? defaultCorsMaxAgeSeconds,
          },
        }),
  };
}
