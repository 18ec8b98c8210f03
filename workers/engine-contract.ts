import type { ArticleSearchDocument } from '@domain/article-search/article-document';
import type {
  ArticleDetail,
  ArticleUpdate,
  CustomArticle,
  RelatedReportRow,
} from '@domain/articles';
import type { ArticleGroup } from '@domain/article-search/clustering';
import type { ArticleFilters } from '@domain/article-search/filters';
import type { ArticleCursor } from '@domain/article-search/keyset';
import type { ArticleSort } from '@domain/article-search/query';
import type { Lookups } from '@domain/lookups';
import type { ActivityFilters } from '@domain/activity-index';
import type { MapCountry, MapMeasure } from '@domain/activity-map';
import type { NewCasesAnswer } from '@domain/activity-trends';
import type { Country, DiseaseActivityListItem, NewActivity } from '@domain/disease-activities';
import type { ActivityIndexPage, ActivityIndexRequest } from './activity-search/activity-index';
import type {
  ActivityDialogsEngineApi,
  ActivityWriteResult,
  DialogActivityKey,
  LinkArticlesResult,
} from './activity-dialogs/dialogs-contract';

export type { ActivityWriteResult, DialogActivityKey, LinkArticlesResult };
import type { ActivityDetailsEngineApi } from './activity-details/details-contract';
import type { FeedsEngineApi, FeedSourceWriteResult } from './feeds/feeds-contract';
import type { DiseaseInterestsEngineApi } from './settings/disease-interests-contract';
import type { LocationSearchEngineApi } from './location-search/location-search-contract';
import type { ArticleSourceSearchEngineApi } from './article-source-search/article-source-search-contract';

export type { FeedSourceWriteResult };

export type { ActivityIndexPage, ActivityIndexRequest };
import type { JsLogEntry } from '@domain/log';
import type { ArticleSource, SearchArticleResult, SearchArticlesResult } from './article-results';

export type { ArticleSource, SearchArticleResult, SearchArticlesResult };
export type {
  ApiFailure,
  DecodeFailure,
  EngineFailure,
  HttpMethod,
  NetworkFailure,
  RequiredParameterFailure,
} from './engine-failures';

/**
 * The engine's contract: the one typed interface the UI reaches through Comlink.
 * Only plain, structured-cloneable data crosses it. The UI imports these types only.
 */

/** Callbacks the UI hands the engine (wrapped with Comlink.proxy on the UI side). */
export interface EngineCallbacks {
  /** An API call answered 401: the UI signs the user out. */
  onUnauthorized(): void;
  /** An API call answered 400/500 with errors: the UI shows this text ('IST Error: …') as an alert. */
  onApiError(alertText: string): void;
}

export interface EngineOptions {
  /** API base URL from /config.json, e.g. http://localhost:5000/api */
  readonly apiUrl: string;
  /**
   * Article search URL from /config.json (`articleSearchUrl`, …/indexes/articles/docs). Optional
   * so older callers still compile; the article search methods reject with a
   * RequiredParameterError naming it while it is missing.
   */
  readonly articleSearchUrl?: string;
  /** Location search URL from /config.json (`locationSearchUrl`, …/indexes/locations/docs). */
  readonly locationSearchUrl?: string;
  /** Feeds index URL from /config.json (`feedsIndexUrl`): the article source search. */
  readonly feedsIndexUrl?: string;
  // No search key: the engine asks GET /api/searchSettings once signed in (search-auth.ts).
}

/** One article search (spec 000 §4 "Article list"): what the UI asks for. */
export interface ArticleSearchRequest {
  readonly filters: ArticleFilters;
  /** What the analyst typed (spec 000 §2 syntax); translated in the engine. */
  readonly searchText: string;
  readonly sort: ArticleSort;
  /**
   * Keyset paging: the cursor of the last article shown (the previous page's `cursor`); absent
   * or null for a fresh search (page 1). The next page is the 100 articles sorting after it.
   */
  readonly after?: ArticleCursor | null;
  /** Suggested mode: only these articles, in place of the filters (spec 000 §2 column 8). */
  readonly articleIds?: readonly string[];
}

/**
 * One page of an article search. Search service errors are logged and swallowed (spec 000 §8):
 * the page is then empty with `error` true.
 */
export interface ArticleSearchPage {
  /** This page's articles clustered into parents and children (one batch of 100). */
  readonly rows: readonly ArticleGroup<ArticleSearchDocument>[];
  /**
   * `@odata.count`: the articles matching from this page's start on (for a fresh search, every
   * matching article: 'N article(s) found'; after a cursor, this page and those after it).
   */
  readonly total: number;
  /** How the search text was read: 'Showing articles matching (cholera* OR ebola*) AND NOT vaccine*'. */
  readonly reading: string;
  /** Where the next page starts: after this page's last article (the request's when empty). */
  readonly cursor: ArticleCursor | null;
  /** Articles in this page (before clustering): fewer than 100 means the end was reached. */
  readonly returned: number;
  readonly error: boolean;
}

export interface EngineApi
  extends
    ActivityDialogsEngineApi,
    ActivityDetailsEngineApi,
    FeedsEngineApi,
    DiseaseInterestsEngineApi,
    LocationSearchEngineApi,
    ArticleSourceSearchEngineApi {
  /** Called once after sign-in; later calls replace options and callbacks. */
  init(options: EngineOptions, callbacks: EngineCallbacks): Promise<void>;
  /** The current bearer access token (null after sign-out). Every API call carries it. */
  setAccessToken(token: string | null): Promise<void>;
  /** GET /api/lookups once; later calls answer from memory. */
  getLookups(): Promise<Lookups>;
  /** POST /api/log/js. Never throws. */
  log(entry: JsLogEntry): Promise<void>;
  /** One page of the article search (GET on articleSearchUrl), clustered per batch of 100. */
  searchArticles(request: ArticleSearchRequest): Promise<ArticleSearchPage>;
  /** Articles by id (POST docs/search with a search.in filter on articleId), in no set order. */
  getArticlesByIds(ids: readonly string[]): Promise<SearchArticlesResult>;
  /** One article from the search index (GET docs('{id}')). */
  getSearchArticle(articleId: string): Promise<SearchArticleResult>;
  /** The other articles of a cluster (clusterId eq … and articleId ne …), newest first. */
  getRelatedArticles(articleId: string, clusterId: string): Promise<SearchArticlesResult>;
  /**
   * GET /api/articles/{articleId}. Resolves null on 404 (not in the API, maybe not processed
   * yet: no alert, no log); other failures follow spec 000 §8 and reject.
   */
  getArticle(articleId: number): Promise<ArticleDetail | null>;
  /**
   * PUT /api/articles/{articleId} (only the fields sent change) → the updated article.
   * Failures are logged to the server log and reject, with no user message (spec 000 §8
   * "Article update fails"); 401 still signs out.
   */
  updateArticle(articleId: number, update: ArticleUpdate): Promise<ArticleDetail>;
  /** POST /api/articles → the created article's id. 400 shows the 'IST Error: …' alert. */
  createArticle(input: CustomArticle): Promise<{ readonly articleId: number }>;
  /**
   * GET /api/articles/dataSource?url → the source's lookup ids; null when the lookup fails
   * (unknown domain, not a URL, network): logged, no alert (spec 000 §4 "Article source lookup").
   */
  lookupArticleSource(url: string): Promise<ArticleSource | null>;
  /** GET /api/articles/{articleId}/reports: the disease activities referencing the article. */
  getArticleReports(articleId: number): Promise<readonly RelatedReportRow[]>;
  /** GET /api/articles?clusterId: the cluster's articles (ArticleDetail), newest inserted first. */
  getClusterArticles(clusterId: number): Promise<readonly ArticleDetail[]>;
  /**
   * GET /api/diseaseactivities into the worker's index, once (`refresh` loads again). A failed
   * load shows the 'IST Error: …' alert where it applies, is logged, and rejects.
   */
  loadActivities(refresh?: boolean): Promise<{ readonly loaded: number }>;
  /** One page of the disease activity index: search text, chips, sort, page (loads if needed). */
  searchActivities(request: ActivityIndexRequest): Promise<ActivityIndexPage>;
  /** The palette's 'Go to activity…': up to `limit` activities fuzzy-matching `text`, best first. */
  findActivities(text: string, limit: number): Promise<readonly DiseaseActivityListItem[]>;
  /**
   * POST /api/diseaseactivities. A duplicate resolves with its message and the activity to go
   * to; a 400 shows the 'IST Error: …' alert and rejects (the ApiError carries the messages).
   */
  createActivity(input: NewActivity): Promise<CreateActivityResult>;
  /** GET /api/countries once (the new activity form's country picker, the map's countries). */
  getCountries(): Promise<readonly Country[]>;
  /**
   * The map (issue 19): the activities the index's search and chips keep, grouped by country
   * and ranked by the measure; new cases over the last `days` days (one call per window,
   * kept with the loaded list).
   */
  activityMap(request: ActivityMapRequest): Promise<ActivityMapResult>;
  /** GET /api/diseaseactivities/newCases for these activities (a page's sparklines): one call. */
  getNewCases(ids: readonly number[], days: number): Promise<NewCasesAnswer>;
}

/** What the map asks the engine. */
export interface ActivityMapRequest {
  readonly searchText: string;
  readonly filters: ActivityFilters;
  readonly measure: MapMeasure;
  readonly days: number;
}

/** The map's countries, ranked, and the window the new cases cover. */
export interface ActivityMapResult {
  readonly countries: readonly MapCountry[];
  readonly from: string;
  readonly to: string;
  /** Activities the search and chips keep, of `loaded`. */
  readonly matched: number;
  readonly loaded: number;
}

/** What POST /api/diseaseactivities came to. */
export type CreateActivityResult =
  | { readonly status: 'created'; readonly diseaseActivityId: number; readonly countryId: number }
  | {
      /** The disease, country and species exist: the §5 message and where to go. */
      readonly status: 'duplicate';
      readonly message: string;
      readonly diseaseActivityId: number;
      readonly countryId: number;
    };
