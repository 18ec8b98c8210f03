import { Schema } from 'effect';
import { JsLogEntry } from '@domain/log';
import { Lookups } from '@domain/lookups';
import { createApiClient, type ApiCall } from './api-client';
import { createArticleSearchClient } from './article-search';
import { createActivitiesApi } from './activities';
import { createActivityDialogsApi } from './activity-dialogs/activity-dialogs';
import { createActivityDetailsApi } from './activity-details/activity-details';
import { createLocationSearch } from './location-search/location-search';
import { createArticleSourceSearch } from './article-source-search/article-source-search';
import { createSearchAuthorization } from './search-auth';
import { createSearchServiceSender } from './search-service';
import { SearchSettings } from '@domain/search-settings';
import type { ApiCallDeps } from './api-call-deps';
import { createArticlesApi } from './articles';
import { createFeedsApi } from './feeds/feeds';
import { createDiseaseInterestsApi } from './settings/disease-interests';
import type { EngineApi, EngineCallbacks, EngineOptions } from './engine-contract';
import { applyErrorRules } from './error-rules';
import { isApiCallError } from './errors';
import { createLookupsCache } from './lookups';
import { requireParam } from './require-param';

const validLogEntry = Schema.is(JsLogEntry);
/** Longest message POST /api/log/js accepts (JsLogEntry). */
const maxLogMessageLength = 10_000;
/** How long a search call waits for the UI to hand over the first access token. */
const signInWaitMs = 15_000;

/**
 * Builds the engine: its state (options, callbacks, token), the API client and the lookups
 * cache. `engine.worker.ts` exposes one through Comlink; tests may call one directly.
 */
export function createEngine(): EngineApi {
  let options: EngineOptions | undefined;
  let callbacks: EngineCallbacks | undefined;
  let accessToken: string | null = null;
  /** Search calls waiting for the first token (search-auth.ts); they give up after a while. */
  let tokenWaiters: (() => void)[] = [];
  const signedIn = () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('not signed in')), signInWaitMs);
      tokenWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });

  let everSignedIn = false;
  const client = createApiClient({
    apiUrl: () => requireParam('apiUrl', options?.apiUrl),
    accessToken: () => accessToken,
    // A screen may call before the UI has handed over the first token (the engine starts
    // first; `g n` right after sign-in did): such a call waits for it rather than going out
    // bare and signing the analyst out on its 401. Once signed in, a null token is sent as none.
    firstToken: () => (everSignedIn ? Promise.resolve() : signedIn().catch(() => undefined)),
  });

  /** The log call bypasses the error rules, so a failing log never logs itself. */
  async function sendLog(entry: JsLogEntry): Promise<void> {
    // Entries arrive through Comlink unchecked: a long message is cut, a malformed entry dropped.
    const raw: unknown = entry;
    const body: unknown =
      typeof raw === 'object' && raw !== null && 'message' in raw && typeof raw.message === 'string'
        ? { ...raw, message: raw.message.slice(0, maxLogMessageLength) }
        : raw;
    if (!validLogEntry(body)) return;
    try {
      await client.request({ method: 'POST', path: '/log/js', body, schema: Schema.Unknown });
    } catch {
      // Nowhere left to report it: the log endpoint is the error channel.
    }
  }

  /** Every API call but the log goes through here: spec 000 §8, then the typed rejection. */
  async function call<A, I>(apiCall: ApiCall<A, I>): Promise<A> {
    try {
      return await client.request(apiCall);
    } catch (error) {
      if (isApiCallError(error)) applyErrorRules(error, { callbacks, sendLog });
      throw error;
    }
  }

  // Quiet: a search settings failure is a search failure, logged and swallowed (spec 000 §8).
  const searchAuthorization = createSearchAuthorization({
    settings: () =>
      client.request({ method: 'GET', path: '/searchSettings', schema: SearchSettings }),
    accessToken: () => accessToken,
    signedIn,
  });
  const articleSearch = createArticleSearchClient({
    url: () => requireParam('articleSearchUrl', options?.articleSearchUrl),
    headers: () => searchAuthorization.headers(),
    log: (message) => sendLog({ logLevel: 'error', message }),
  });

  const featureDeps: ApiCallDeps = {
    request: (apiCall) => client.request(apiCall),
    report(error, { alert }) {
      // Without the alert, 401 still signs out and the error is still logged.
      const quiet = callbacks && {
        onUnauthorized: () => callbacks?.onUnauthorized(),
        onApiError: () => undefined,
      };
      applyErrorRules(error, { callbacks: alert ? callbacks : quiet, sendLog });
    },
  };
  const articles = createArticlesApi(featureDeps);
  const activities = createActivitiesApi(featureDeps);
  const feeds = createFeedsApi(featureDeps);
  const diseaseInterests = createDiseaseInterestsApi(featureDeps);
  const activityDialogs = createActivityDialogsApi(featureDeps);
  const activityDetails = createActivityDetailsApi(featureDeps);
  const locationSearch = createLocationSearch(
    createSearchServiceSender({
      url: () => requireParam('locationSearchUrl', options?.locationSearchUrl),
      headers: () => searchAuthorization.headers(),
    }),
    (message) => sendLog({ logLevel: 'error', message }),
  );
  const articleSourceSearch = createArticleSourceSearch(
    createSearchServiceSender({
      url: () => requireParam('feedsIndexUrl', options?.feedsIndexUrl),
      headers: () => searchAuthorization.headers(),
    }),
    (message) => sendLog({ logLevel: 'error', message }),
  );

  const lookups = createLookupsCache(() =>
    call({ method: 'GET', path: '/lookups', schema: Lookups }),
  );

  return {
    async init(nextOptions, nextCallbacks) {
      requireParam('options', nextOptions);
      requireParam('apiUrl', nextOptions.apiUrl);
      requireParam('callbacks', nextCallbacks);
      if (options && options.apiUrl !== nextOptions.apiUrl) {
        lookups.clear();
        searchAuthorization.reset();
      }
      // Only the contract's members are kept: a caller's object may carry more.
      const { articleSearchUrl, locationSearchUrl, feedsIndexUrl } = nextOptions;
      options = {
        apiUrl: nextOptions.apiUrl,
        ...(typeof articleSearchUrl === 'string' ? { articleSearchUrl } : {}),
        ...(typeof locationSearchUrl === 'string' ? { locationSearchUrl } : {}),
        ...(typeof feedsIndexUrl === 'string' ? { feedsIndexUrl } : {}),
      };
      callbacks = nextCallbacks;
    },
    async setAccessToken(token) {
      accessToken = token;
      if (token !== null) {
        everSignedIn = true;
        const waiting = tokenWaiters;
        tokenWaiters = [];
        for (const wake of waiting) wake();
      }
    },
    getLookups: () => lookups.get(),
    log: (entry) => sendLog(entry),
    searchArticles: (request) => articleSearch.search(request),
    getArticlesByIds: (ids) => articleSearch.byIds(ids),
    getSearchArticle: (articleId) => articleSearch.one(articleId),
    getRelatedArticles: (articleId, clusterId) => articleSearch.related(articleId, clusterId),
    searchArticlesToLink: (text) => articleSearch.forLinking(text),
    ...articles,
    ...activities,
    ...activityDialogs,
    ...activityDetails,
    ...locationSearch,
    ...articleSourceSearch,
    ...feeds,
    ...diseaseInterests,
  };
}
