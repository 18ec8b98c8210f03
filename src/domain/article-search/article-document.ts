import { Schema } from 'effect';

const nullable = <A, I>(schema: Schema.Schema<A, I>) => Schema.NullOr(schema);
const Strings = Schema.Array(Schema.String);

/**
 * The article search document (spec 000 §3) as the article search service answers it: every
 * field but the key may be null; collections (diseaseNames, locationNames, the context-tag names,
 * diseaseIds) are string arrays, which the UI joins with '|'; dates are ISO 8601 UTC strings.
 * Members the service adds (`@search.score`) are dropped by the decoder.
 */
export const ArticleSearchDocument = Schema.Struct({
  articleId: Schema.String,
  articleFeed: nullable(Schema.Number),
  articleTitle: nullable(Schema.String),
  publishedDate: nullable(Schema.String),
  insertedDate: nullable(Schema.String),
  articleType: nullable(Schema.Number),
  sourceUrl: nullable(Schema.String),
  sourceGroup: nullable(Schema.String),
  sourcePriority: nullable(Schema.String),
  sourceCategory: nullable(Schema.String),
  clusterId: nullable(Schema.String),
  isRead: nullable(Schema.Boolean),
  isCompleted: nullable(Schema.Boolean),
  isImportant: nullable(Schema.Boolean),
  isChild: nullable(Schema.Boolean),
  childrenCount: nullable(Schema.Number),
  originalLanguage: nullable(Schema.String),
  diseaseNames: nullable(Strings),
  locationNames: nullable(Strings),
  summary: nullable(Schema.String),
  isLinkedToActivity: nullable(Schema.Boolean),
  createdBy: nullable(Schema.String),
  contextTagNames: nullable(Strings),
  suggestedContextTagNames: nullable(Strings),
  isCosmosDbArticle: nullable(Schema.Boolean),
  articleBody: nullable(Schema.String),
  diseaseIds: nullable(Strings),
});
export type ArticleSearchDocument = typeof ArticleSearchDocument.Type;

/** Every field of the document, in spec 000 §3 order: the `$select` of every article query. */
export const articleDocumentFields = Object.keys(
  ArticleSearchDocument.fields,
) as readonly (keyof ArticleSearchDocument)[];

/** A search answer: `value` plus the `@odata.count` total (present when `$count=true`). */
export const ArticleSearchResponse = Schema.Struct({
  value: Schema.Array(ArticleSearchDocument),
  '@odata.count': Schema.optional(Schema.Number),
});
export type ArticleSearchResponse = typeof ArticleSearchResponse.Type;
