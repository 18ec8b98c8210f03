import type {
  FeedSource,
  FeedSourceInput,
  FeedSourceUpdate,
  PollResult,
} from '@domain/feeds/feed-sources-api';
import type { SuggestedActionItem, SuggestedArticlesAssociated } from '@domain/suggested-actions';

/** Associating a suggestion's articles: linked, or refused with the server's messages. */
export type AssociateResult =
  | { readonly status: 'associated'; readonly value: SuggestedArticlesAssociated }
  | { readonly status: 'refused'; readonly message: string };

/** A feed source write: saved, or refused with the server's messages (shown in the form). */
export type FeedSourceWriteResult =
  | { readonly status: 'saved'; readonly value: FeedSource }
  | { readonly status: 'refused'; readonly errors: readonly string[] };

/** The engine calls of the feed sources screen and the suggestions panel (issue 8). */
export interface FeedsEngineApi {
  /** GET /api/feedSources: every source with its ingestion health. */
  listFeedSources(): Promise<readonly FeedSource[]>;
  /** POST /api/feedSources. */
  createFeedSource(input: FeedSourceInput): Promise<FeedSourceWriteResult>;
  /** PUT /api/feedSources/{id}. */
  updateFeedSource(id: number, update: FeedSourceUpdate): Promise<FeedSourceWriteResult>;
  /** DELETE /api/feedSources/{id}. */
  deleteFeedSource(id: number): Promise<void>;
  /** POST /api/feedSources/{id}/poll: polls now. */
  pollFeedSource(id: number): Promise<PollResult>;
  /** GET /api/diseaseactivities/suggestedActions?lastNDays. */
  listSuggestedActions(lastNDays?: number): Promise<readonly SuggestedActionItem[]>;
  /** GET …/suggestedActions/unread?lastNDays → how many. */
  countUnreadSuggestedActions(lastNDays?: number): Promise<number>;
  /** GET …/suggestedActions/{diseaseId}/{countryId}: the suggestion, marked read. */
  openSuggestedAction(diseaseId: number, countryId: number): Promise<SuggestedActionItem | null>;
  /** PUT …/suggestedAction/feedback/{diseaseId}/{countryId}/{reasonId}. */
  giveSuggestedActionFeedback(
    diseaseId: number,
    countryId: number,
    reasonId: number,
  ): Promise<void>;
  /** PUT …/suggestedAction/associate/{diseaseId}/{countryId} { articleIds }. */
  associateSuggestedArticles(
    diseaseId: number,
    countryId: number,
    articleIds: readonly number[],
  ): Promise<AssociateResult>;
}
