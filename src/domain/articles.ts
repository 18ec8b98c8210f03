import { Schema } from 'effect';
import { ArticleContentType, EntryType, FeedSource } from './enums';
import { messages } from './messages';

/**
 * Articles API shapes (spec 000 §3, §5, §7): the custom article, the update payload, their
 * validation rules, and the answers of /api/articles/… . Shared by the browser form, the worker
 * and the server, which re-checks what the browser checked.
 */

/** A database id: a positive whole number. */
const Id = Schema.Int.pipe(Schema.positive());

// http, https and ftp need a host; file URLs need only a path (file:///tmp/a.html).
const articleUrlPattern = /^(?:(?:https?|ftp):\/\/[^\s/?#]+(?:[/?#]\S*)?|file:\/\/\S+)$/i;

/** True when `value` looks like an http, https, ftp or file URL (spec 000 §5). */
export const isArticleUrl = (value: string): boolean => articleUrlPattern.test(value.trim());

const Title = Schema.Trim.pipe(
  Schema.nonEmptyString({ message: () => messages.articleTitleRequired }),
);
const ArticleUrl = Schema.Trim.pipe(
  Schema.nonEmptyString({ message: () => messages.articleUrlRequired }),
  Schema.filter(isArticleUrl, { message: () => messages.articleUrlInvalid }),
);
const withDefault = <A>(schema: Schema.Schema<A, A>, value: () => A) =>
  Schema.optionalWith(schema, { default: value });

/**
 * POST /api/articles body: the custom article (spec 000 §3). Defaults: feedId NewsMedia (10),
 * hamTypeId Disease activity (3), the three flags false, no locations, no disease.
 * sourceGroup, sourceCategory and sourcePriority are lookup ids.
 */
export const CustomArticle = Schema.Struct({
  title: Title,
  originalSourceURL: ArticleUrl,
  feedId: withDefault(Id, () => FeedSource.NewsMedia),
  hamTypeId: withDefault(Id, () => ArticleContentType.DiseaseActivity),
  isRead: withDefault(Schema.Boolean, () => false),
  isCompleted: withDefault(Schema.Boolean, () => false),
  isImportant: withDefault(Schema.Boolean, () => false),
  locationIds: withDefault(Schema.Array(Id), () => []),
  diseaseId: Schema.optionalWith(Schema.NullOr(Id), { default: () => null }),
  sourceGroup: Id,
  sourceCategory: Id,
  sourcePriority: Id,
});
export type CustomArticle = typeof CustomArticle.Type;

/** The add-article form's empty state (spec 000 §4 "A reset returns to an empty default"). */
export const emptyCustomArticle = {
  title: '',
  originalSourceURL: '',
  feedId: FeedSource.NewsMedia,
  hamTypeId: ArticleContentType.DiseaseActivity,
  isRead: false,
  isCompleted: false,
  isImportant: false,
  locationIds: [],
  diseaseId: null,
  sourceGroup: null,
  sourceCategory: null,
  sourcePriority: null,
} as const;

/**
 * PUT /api/articles/{articleId} body (spec 000 §3 "Article update payload"). Every field is
 * optional: only those sent change (a read toggle sends `{ "isRead": true }`); diseaseId null
 * removes the article's diseases.
 */
export const ArticleUpdate = Schema.Struct({
  title: Schema.optional(Title),
  originalSourceURL: Schema.optional(ArticleUrl),
  feedId: Schema.optional(Id),
  hamTypeId: Schema.optional(Id),
  isRead: Schema.optional(Schema.Boolean),
  isCompleted: Schema.optional(Schema.Boolean),
  isImportant: Schema.optional(Schema.Boolean),
  diseaseId: Schema.optional(Schema.NullOr(Id)),
});
export type ArticleUpdate = typeof ArticleUpdate.Type;

const blank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** Sent but empty: a field with a default is only "missing" when cleared, not when left out. */
const cleared = (v: unknown) => v !== undefined && blank(v);

interface Rule {
  readonly field: string;
  readonly message: string;
  readonly fails: (value: unknown) => boolean;
  /** Whether the rule applies to the update payload (when the field is sent). */
  readonly onUpdate: boolean;
}

/** The custom-article validation table of spec 000 §5, in its order. */
const rules: readonly Rule[] = [
  { field: 'title', message: messages.articleTitleRequired, fails: blank, onUpdate: true },
  {
    field: 'originalSourceURL',
    message: messages.articleUrlRequired,
    fails: blank,
    onUpdate: true,
  },
  {
    field: 'originalSourceURL',
    message: messages.articleUrlInvalid,
    fails: (v) => typeof v === 'string' && !blank(v) && !isArticleUrl(v),
    onUpdate: true,
  },
  { field: 'feedId', message: messages.feedTypeRequired, fails: cleared, onUpdate: true },
  { field: 'sourceGroup', message: messages.sourceGroupRequired, fails: blank, onUpdate: false },
  {
    field: 'sourceCategory',
    message: messages.sourceCategoryRequired,
    fails: blank,
    onUpdate: false,
  },
  {
    field: 'sourcePriority',
    message: messages.sourcePriorityRequired,
    fails: blank,
    onUpdate: false,
  },
  { field: 'hamTypeId', message: messages.contentTypeRequired, fails: cleared, onUpdate: true },
];

const asRecord = (input: unknown): Readonly<Record<string, unknown>> =>
  typeof input === 'object' && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};

/**
 * Every §5 message that applies to a custom article (form values or a request body), in the
 * table's order; empty when valid. Wrong types are left to {@link CustomArticle}.
 */
export function validateCustomArticle(input: unknown): string[] {
  const record = asRecord(input);
  return rules.filter((r) => r.fails(record[r.field])).map((r) => r.message);
}

/** The §5 messages for the fields an article update sends (missing fields are not checked). */
export function validateArticleUpdate(input: unknown): string[] {
  const record = asRecord(input);
  return rules
    .filter((r) => r.onUpdate && r.field in record && r.fails(record[r.field]))
    .map((r) => r.message);
}

/** POST /api/articles answer (201): the created article's id. */
export const CreatedArticle = Schema.Struct({ articleId: Id });
export type CreatedArticle = typeof CreatedArticle.Type;

export const ArticleDisease = Schema.Struct({ diseaseId: Id, displayName: Schema.String });
export const ArticleLocation = Schema.Struct({ locationId: Id, displayName: Schema.String });

/** A context tag on an article; `id` is the link's id, what DELETE …/contexTag/{id} takes. */
export const ArticleContextTag = Schema.Struct({
  id: Schema.String,
  articleId: Id,
  contextTagId: Id,
  displayName: Schema.String,
  suggested: Schema.Boolean,
});
export type ArticleContextTag = typeof ArticleContextTag.Type;

/**
 * GET /api/articles/{id}, the PUT answer and the items of GET /api/articles?clusterId. Source
 * fields are lookup ids as in the custom article, with their names beside them; dates are ISO
 * 8601 UTC. diseaseId is the first of `diseases` (the custom article's one disease).
 */
export const ArticleDetail = Schema.Struct({
  articleId: Id,
  title: Schema.String,
  originalSourceURL: Schema.String,
  feedId: Id,
  feedName: Schema.NullOr(Schema.String),
  hamTypeId: Id,
  publishedDate: Schema.NullOr(Schema.String),
  insertedDate: Schema.String,
  sourceCategory: Schema.NullOr(Id),
  sourceCategoryName: Schema.NullOr(Schema.String),
  sourceGroup: Schema.NullOr(Id),
  sourceGroupName: Schema.NullOr(Schema.String),
  sourcePriority: Schema.NullOr(Id),
  sourcePriorityName: Schema.NullOr(Schema.String),
  clusterId: Schema.NullOr(Schema.Int),
  isRead: Schema.Boolean,
  isCompleted: Schema.Boolean,
  isImportant: Schema.Boolean,
  isChild: Schema.Boolean,
  childrenCount: Schema.Int,
  originalLanguage: Schema.NullOr(Schema.String),
  summary: Schema.NullOr(Schema.String),
  body: Schema.NullOr(Schema.String),
  isCosmosDbArticle: Schema.Boolean,
  /** The creating analyst's name ('IST User' origin); null for feed articles. */
  createdBy: Schema.NullOr(Schema.String),
  isLinkedToActivity: Schema.Boolean,
  diseaseId: Schema.NullOr(Id),
  diseases: Schema.Array(ArticleDisease),
  locations: Schema.Array(ArticleLocation),
  contextTags: Schema.Array(ArticleContextTag),
});
export type ArticleDetail = typeof ArticleDetail.Type;

/**
 * GET /api/articles/{definitionId}/{locationId}/{reportedOn}: an article linked to reports of
 * that activity, location and date, with those reports' ids and whether its diseases include
 * the disease asked for (?diseaseId, else the activity's own: the 'Incorrect article' check).
 */
export const ReportArticle = Schema.Struct({
  ...ArticleDetail.fields,
  reportIds: Schema.Array(Id),
  isDiseaseMatch: Schema.Boolean,
});
export type ReportArticle = typeof ReportArticle.Type;

/**
 * GET /api/articles/{articleId}/reports: one report the article is linked to (spec 000 §3
 * "Related report row"). entryType is the EntryType code; reportedOn YYYY-MM-DD; commitDate
 * ISO 8601 or null while saved only; updatedBy initials, 'A' when auto-committed.
 */
export const RelatedReportRow = Schema.Struct({
  reportId: Id,
  activityId: Id,
  countryId: Id,
  diseaseName: Schema.String,
  countryName: Schema.String,
  entryType: Schema.Int,
  locationName: Schema.String,
  reportedOn: Schema.String,
  commitDate: Schema.NullOr(Schema.String),
  updatedBy: Schema.String,
});
export type RelatedReportRow = typeof RelatedReportRow.Type;

/** GET /api/articles/dataSource?url: the matched domain and its lookup ids. */
export const ArticleDataSource = Schema.Struct({
  domain: Schema.String,
  sourceCategory: Id,
  sourceGroup: Id,
  sourcePriority: Id,
});
export type ArticleDataSource = typeof ArticleDataSource.Type;

/** POST /api/articles/contexTag body: put a context tag on an article. */
export const ContextTagRequest = Schema.Struct({ articleId: Id, contextTagId: Id });
export type ContextTagRequest = typeof ContextTagRequest.Type;

/** The id of a context-tag link, as DELETE /api/articles/contexTag/{id} takes it. */
export const contextTagLinkId = (articleId: number, contextTagId: number) =>
  `${articleId}-${contextTagId}`;

const ReportArticles = Schema.Struct({ reportId: Id, articleIds: Schema.NonEmptyArray(Id) });

/** PUT /api/articles/link-existing-reports body (spec 001 §7). */
export const LinkExistingReports = Schema.Struct({
  cases: Schema.optional(Schema.Array(ReportArticles)),
  travellers: Schema.optional(Schema.Array(ReportArticles)),
  descriptions: Schema.optional(Schema.Array(ReportArticles)),
  inactivities: Schema.optional(Schema.Array(ReportArticles)),
});
export type LinkExistingReports = typeof LinkExistingReports.Type;
export type LinkKey = keyof LinkExistingReports;

/**
 * The report type each key accepts. Auto-surveillance entries never take article links
 * (spec 001 §6); processed (daily total) reports are derived, not linked by hand.
 */
export const linkReportType: Readonly<Record<LinkKey, EntryType>> = {
  cases: EntryType.CASE_DATA,
  travellers: EntryType.TRAVELLER,
  descriptions: EntryType.DESCRIPTION,
  inactivities: EntryType.INACTIVITY,
};

/** PUT /api/articles/link-existing-reports answer: each report's articles after linking. */
export const LinkedReports = Schema.Struct({
  reports: Schema.Array(Schema.Struct({ reportId: Id, articleIds: Schema.Array(Id) })),
});
export type LinkedReports = typeof LinkedReports.Type;

/**
 * The host of an article URL as data sources are registered: lower case, without a leading
 * 'www.'; a URL typed without a scheme ('who.int/news') is read as http. Undefined when it is
 * not a URL or has no host (file URLs).
 */
export function articleHost(url: string): string | undefined {
  const text = url.trim();
  if (text === '') return undefined;
  const parse = (s: string) => {
    try {
      return new URL(s);
    } catch {
      return undefined;
    }
  };
  const parsed = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? parse(text) : parse(`http://${text}`);
  const host = parsed?.hostname.toLowerCase().replace(/\.$/, '');
  if (host === undefined || host === '') return undefined;
  return host.startsWith('www.') ? host.slice(4) : host;
}

/** The registered domains that could match a host, longest first: a.b.c, b.c, c. */
export function domainCandidates(host: string): string[] {
  const labels = host.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}
