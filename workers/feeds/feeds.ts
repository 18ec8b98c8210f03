import { Schema } from 'effect';
import { FeedSource, FeedSourceList, PollResult } from '@domain/feeds/feed-sources-api';
import {
  SuggestedActionList,
  SuggestedArticlesAssociated,
  defaultSuggestionDays,
} from '@domain/suggested-actions';
import type { ApiCall } from '../api-client';
import type { ApiCallDeps } from '../api-call-deps';
import { isApiCallError } from '../errors';
import { requireParam } from '../require-param';
import type { FeedSourceWriteResult, FeedsEngineApi } from './feeds-contract';

const suggestions = '/diseaseactivities/suggestedActions';

/**
 * Feed sources and suggested actions in the engine (issue 8; spec 001 §7 for suggestions).
 * Reads follow spec 000 §8 (alert, log, sign-out) and reject; a refused source write (400)
 * is an answer the form shows, not an alert.
 */
export function createFeedsApi({ request, report }: ApiCallDeps): FeedsEngineApi {
  async function call<A, I>(apiCall: ApiCall<A, I>): Promise<A> {
    try {
      return await request(apiCall);
    } catch (error) {
      if (isApiCallError(error)) report(error, { alert: true });
      throw error;
    }
  }

  async function write<I>(apiCall: ApiCall<FeedSource, I>): Promise<FeedSourceWriteResult> {
    try {
      return { status: 'saved', value: await request(apiCall) };
    } catch (error) {
      if (!isApiCallError(error)) throw error;
      const refused = error._tag === 'ApiError' && error.status === 400;
      report(error, { alert: !refused });
      if (refused && error._tag === 'ApiError') return { status: 'refused', errors: error.errors };
      throw error;
    }
  }

  const days = (lastNDays = defaultSuggestionDays) => `lastNDays=${lastNDays}`;

  return {
    listFeedSources: () => call({ method: 'GET', path: '/feedSources', schema: FeedSourceList }),
    createFeedSource: (input) =>
      write({
        method: 'POST',
        path: '/feedSources',
        body: requireParam('input', input),
        schema: FeedSource,
      }),
    updateFeedSource: (id, update) =>
      write({
        method: 'PUT',
        path: `/feedSources/${requireParam('id', id)}`,
        body: requireParam('update', update),
        schema: FeedSource,
      }),
    async deleteFeedSource(id) {
      await call({
        method: 'DELETE',
        path: `/feedSources/${requireParam('id', id)}`,
        schema: Schema.Unknown,
      });
    },
    pollFeedSource: (id) =>
      call({
        method: 'POST',
        path: `/feedSources/${requireParam('id', id)}/poll`,
        schema: PollResult,
      }),
    listSuggestedActions: (lastNDays) =>
      call({
        method: 'GET',
        path: `${suggestions}?${days(lastNDays)}`,
        schema: SuggestedActionList,
      }),
    async countUnreadSuggestedActions(lastNDays) {
      const unread = await call({
        method: 'GET',
        path: `${suggestions}/unread?${days(lastNDays)}`,
        schema: SuggestedActionList,
      });
      return unread.length;
    },
    async openSuggestedAction(diseaseId, countryId) {
      try {
        const [item] = await request({
          method: 'GET',
          path: `${suggestions}/${requireParam('diseaseId', diseaseId)}/${requireParam('countryId', countryId)}?${days()}`,
          schema: SuggestedActionList,
        });
        return item ?? null;
      } catch (error) {
        // Gone meanwhile (another analyst gave feedback): no alert, the panel reloads.
        if (isApiCallError(error) && error._tag === 'ApiError' && error.status === 404) return null;
        if (isApiCallError(error)) report(error, { alert: true });
        throw error;
      }
    },
    async giveSuggestedActionFeedback(diseaseId, countryId, reasonId) {
      await call({
        method: 'PUT',
        path: `/diseaseactivities/suggestedAction/feedback/${requireParam('diseaseId', diseaseId)}/${requireParam('countryId', countryId)}/${requireParam('reasonId', reasonId)}`,
        schema: Schema.Unknown,
      });
    },
    async associateSuggestedArticles(diseaseId, countryId, articleIds) {
      try {
        const value = await request({
          method: 'PUT',
          path: `/diseaseactivities/suggestedAction/associate/${requireParam('diseaseId', diseaseId)}/${requireParam('countryId', countryId)}`,
          body: { articleIds: requireParam('articleIds', articleIds) },
          schema: SuggestedArticlesAssociated,
        });
        return { status: 'associated', value };
      } catch (error) {
        if (!isApiCallError(error)) throw error;
        // A refusal (400 / 404 / 409) is the banner's to show, not an 'IST Error' alert.
        const refused =
          error._tag === 'ApiError' &&
          [400, 404, 409].includes(error.status) &&
          error.errors.length > 0;
        report(error, { alert: !refused });
        if (refused && error._tag === 'ApiError')
          return { status: 'refused', message: error.errors.join('. ') };
        throw error;
      }
    },
  };
}
