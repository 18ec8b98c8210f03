/**
 * Suggested mode's URL (spec 000 §2 column 8): `/article?suggested=<id>,…&target=<label>
 * &suggestion=<diseaseId>-<countryId>&associated=<id>,…`. Pure, so the suggestions panel builds
 * its link without loading the article index. In the app beside the route table: the articles
 * feature reads it and the activities feature links to it, and a feature never imports another.
 */

/**
 * Suggested mode (spec 000 §2 column 8): the index shows a given set of articles (a
 * suggestion's supporting articles, spec 001 §3 "Detail: articleIds") with an Associate toggle
 * per row, to pick the ones to associate with `target`.
 */
export interface SuggestedMode {
  readonly articleIds: readonly string[];
  /** What the articles would be associated with, as the analyst reads it; null: not named. */
  readonly target: string | null;
  /** The suggestion (its disease and country) the associated articles are linked for. */
  readonly suggestion?: { readonly diseaseId: number; readonly countryId: number };
}

/** The query parameters of suggested mode. */
export const suggestedModeParams = {
  articleIds: 'suggested',
  target: 'target',
  associated: 'associated',
  /** The suggestion's disease and country, `{diseaseId}-{countryId}`. */
  suggestion: 'suggestion',
} as const;

/** At most this many ids are read from a URL (a suggestion has a handful; URLs stay short). */
export const maxSuggestedArticles = 1000;

/** An article key as the search index allows it (letters, digits, '_', '-', '='). */
const articleKey = /^[A-Za-z0-9_=-]+$/;

function idList(value: string | null): string[] {
  if (value === null) return [];
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => articleKey.test(id));
  return [...new Set(ids)].slice(0, maxSuggestedArticles);
}

/** Suggested mode and its already associated articles, as read from a URL. */
export interface SuggestedModeRequest {
  readonly mode: SuggestedMode;
  readonly associated: readonly string[];
}

/**
 * Reads suggested mode from a query string ('?suggested=12,7&target=Cholera%20in%20Nigeria');
 * null when `suggested` is absent. Ids that are not article keys are dropped; associated ids
 * outside the suggestion are ignored.
 */
export function parseSuggestedMode(search: string): SuggestedModeRequest | null {
  const params = new URLSearchParams(search);
  const ids = params.get(suggestedModeParams.articleIds);
  if (ids === null) return null;
  const articleIds = idList(ids);
  const target = params.get(suggestedModeParams.target)?.trim() ?? '';
  const inSuggestion = new Set(articleIds);
  const pair = /^(\d{1,9})-(\d{1,9})$/.exec(params.get(suggestedModeParams.suggestion) ?? '');
  return {
    mode: {
      articleIds,
      target: target === '' ? null : target,
      ...(pair ? { suggestion: { diseaseId: Number(pair[1]), countryId: Number(pair[2]) } } : {}),
    },
    associated: idList(params.get(suggestedModeParams.associated)).filter((id) =>
      inSuggestion.has(id),
    ),
  };
}

/** The query string that enters suggested mode (for links from suggestions and dialogs). */
export function suggestedModeSearch(mode: SuggestedMode, associated: readonly string[] = []) {
  const params = new URLSearchParams({
    [suggestedModeParams.articleIds]: mode.articleIds.join(','),
  });
  if (mode.target !== null) params.set(suggestedModeParams.target, mode.target);
  if (mode.suggestion !== undefined) {
    const { diseaseId, countryId } = mode.suggestion;
    params.set(suggestedModeParams.suggestion, `${diseaseId}-${countryId}`);
  }
  if (associated.length > 0) params.set(suggestedModeParams.associated, associated.join(','));
  return `?${params.toString()}`;
}
