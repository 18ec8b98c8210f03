import { Schema } from 'effect';
import { SuggestedActionKind } from './enums';

/**
 * Suggested actions and suggested reports (spec 001 §3 "Suggested action item", §7): computed
 * from tagged disease-activity articles (server/db/repositories/suggested-actions.ts). A disease
 * and country with no activity gives a new-activity suggestion; an activity with articles newer
 * than its last commit gives a suggested update.
 */

const Id = Schema.Int.pipe(Schema.positive());

/** Default window of GET …/suggestedActions?lastNDays (designed: the spec gives no value). */
export const defaultSuggestionDays = 30;

export const SuggestedReport = Schema.Struct({
  id: Id,
  suggestedActionId: Id,
  locationId: Id,
  locationName: Schema.String,
  type: Schema.Int,
  reportedOn: Schema.String,
  reportedCases: Schema.NullOr(Schema.Int),
  deaths: Schema.NullOr(Schema.Int),
  articleIds: Schema.Array(Id),
  qualityReasonId: Schema.NullOr(Id),
  acceptedReportId: Schema.NullOr(Id),
});
export type SuggestedReport = typeof SuggestedReport.Type;

export const SuggestedActionItem = Schema.Struct({
  id: Id,
  kind: Schema.Enums(SuggestedActionKind),
  diseaseId: Id,
  countryId: Id,
  /** The activity a suggested update is for; null for a new activity. */
  activityId: Schema.NullOr(Id),
  diseaseName: Schema.String,
  countryName: Schema.String,
  /** How many articles support it. */
  supportedArticles: Schema.Int,
  /** The earliest supporting article's publication day, YYYY-MM-DD. */
  startDate: Schema.NullOr(Schema.String),
  isNewActivity: Schema.Boolean,
  /** A supporting article was published in the last 7 days. */
  isActiveEvent: Schema.Boolean,
  /** No supporting article names a place below the country. */
  incomplete: Schema.Boolean,
  isRead: Schema.Boolean,
  suggestedReports: Schema.Array(SuggestedReport),
  numPendingReports: Schema.Int,
  /** Detail: the supporting articles, newest first. */
  articleIds: Schema.Array(Id),
});
export type SuggestedActionItem = typeof SuggestedActionItem.Type;
export const SuggestedActionList = Schema.Array(SuggestedActionItem);

/** ?lastNDays: a whole number of days from 1 to 365. */
export const LastNDaysQuery = Schema.Struct({
  lastNDays: Schema.optionalWith(
    Schema.NumberFromString.pipe(
      Schema.int(),
      Schema.filter((n) => (n >= 1 && n <= 365) || 'lastNDays must be between 1 and 365'),
    ),
    { default: () => defaultSuggestionDays },
  ),
});

/** At most this many articles are associated in one call (suggested mode's own cap). */
export const maxAssociatedArticles = 1000;

/**
 * PUT /api/diseaseactivities/suggestedAction/associate/{diseaseId}/{countryId}: the suggestion's
 * articles the analyst chose in the article index's suggested mode (spec 000 §2 column 8).
 */
export const AssociateSuggestedArticles = Schema.Struct({
  articleIds: Schema.Array(Id).pipe(
    Schema.minItems(1, { message: () => 'at least one article is required' }),
    Schema.maxItems(maxAssociatedArticles, {
      message: () => `at most ${maxAssociatedArticles} articles are allowed`,
    }),
  ),
});
export type AssociateSuggestedArticles = typeof AssociateSuggestedArticles.Type;

/** Its answer: the entry the articles were linked to, and that entry's articles after it. */
export const SuggestedArticlesAssociated = Schema.Struct({
  diseaseActivityId: Id,
  countryId: Id,
  reportId: Id,
  /** The entry's report type (EntryType). */
  type: Schema.Int,
  locationName: Schema.String,
  reportedOn: Schema.String,
  articleIds: Schema.Array(Id),
});
export type SuggestedArticlesAssociated = typeof SuggestedArticlesAssociated.Type;
