import {
  articleIndexStore,
  freshSearch,
  startArticleIndex,
  type ArticleIndexState,
  type SuggestedMode,
} from './article-index-store';
import { parseSuggestedMode } from '@/app/suggested-mode-url';

export {
  maxSuggestedArticles,
  parseSuggestedMode,
  suggestedModeParams,
  suggestedModeSearch,
  type SuggestedModeRequest,
} from '@/app/suggested-mode-url';

/**
 * Suggested mode of the article index (spec 000 §2 column 8, "An Associate link toggle, in the
 * suggested mode only"). The index shows a given set of articles, a suggestion's supporting
 * articles, and the analyst toggles which of them to associate with a target; the set is kept
 * in the store for whoever entered the mode (suggested actions, the details screen's
 * associated-articles dialogs) to read with {@link associatedArticleIds}.
 *
 * The URL is the way in: `/article?suggested=<id>,<id>…&target=<label>&associated=<id>,…`.
 */

const sameMode = (a: SuggestedMode, b: SuggestedMode) =>
  a.target === b.target &&
  a.suggestion?.diseaseId === b.suggestion?.diseaseId &&
  a.suggestion?.countryId === b.suggestion?.countryId &&
  a.articleIds.length === b.articleIds.length &&
  a.articleIds.every((id, i) => b.articleIds[i] === id);

/**
 * Enters suggested mode: these articles only, search text cleared, `associated` toggled on,
 * then a fresh search (the filters stay stored, unapplied, for when the mode is left).
 */
export function enterSuggestedMode(mode: SuggestedMode, associated: readonly string[] = []): void {
  Object.assign(articleIndexStore, {
    suggested: { ...mode, articleIds: [...mode.articleIds] },
    associated: Object.fromEntries(associated.map((id) => [id, true])),
    searchText: '',
    appliedSearchText: '',
  } satisfies Partial<ArticleIndexState>);
  void freshSearch();
}

/** Back to the ordinary index: the associated set is dropped, the filters apply again. */
export function leaveSuggestedMode(): void {
  Object.assign(articleIndexStore, {
    suggested: null,
    associated: {},
    searchText: '',
    appliedSearchText: '',
  } satisfies Partial<ArticleIndexState>);
  void freshSearch();
}

/**
 * The screen was shown with this query string: enters, changes or leaves suggested mode to
 * match it; otherwise keeps the list it has (first visit: searches).
 */
export function showArticleIndex(search: string): void {
  const wanted = parseSuggestedMode(search);
  const current = articleIndexStore.suggested;
  if (wanted === null) {
    if (current === null) startArticleIndex();
    else leaveSuggestedMode();
    return;
  }
  if (current !== null && sameMode(current, wanted.mode)) {
    startArticleIndex();
    return;
  }
  enterSuggestedMode(wanted.mode, wanted.associated);
}

/** Whether the article is associated (suggested mode). */
export function isAssociated(
  articleId: string,
  associated: Readonly<Record<string, boolean>> = articleIndexStore.associated,
): boolean {
  return associated[articleId] === true;
}

/** The Associate toggle: adds the article to the associated set or takes it out. */
export function toggleAssociated(articleId: string): void {
  if (articleIndexStore.suggested === null) return;
  articleIndexStore.associated[articleId] = !isAssociated(articleId);
}

/** l: toggles the selected article's association (suggested mode only). */
export function toggleSelectedAssociated(): void {
  const id = articleIndexStore.selectedId;
  if (id !== null) toggleAssociated(id);
}

/** The associated articles, in the suggestion's order (what the caller links). */
export function associatedArticleIds(): string[] {
  const { suggested, associated } = articleIndexStore;
  return suggested === null ? [] : suggested.articleIds.filter((id) => associated[id] === true);
}
