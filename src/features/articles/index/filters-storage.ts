import {
  decodeArticleFilters,
  defaultArticleFilters,
  type ArticleFilters,
} from '@/domain/article-search/filters';

/** Spec 000 §4: the filters are kept in browser local storage under this key. */
export const filtersStorageKey = 'articleIndex_filters';

/** The part of `Storage` the filters use (tests pass a Map-backed one). */
export type FiltersStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): FiltersStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage can be switched off (privacy settings): the filters then last for the visit.
    return undefined;
  }
}

/**
 * The stored filters, decoded with the domain schema (missing members take their defaults);
 * the defaults when nothing is stored or what is stored does not decode.
 */
export function loadFilters(storage = browserStorage()): ArticleFilters {
  const text = storage?.getItem(filtersStorageKey) ?? null;
  if (text === null) return defaultArticleFilters;
  try {
    return decodeArticleFilters(JSON.parse(text) as unknown);
  } catch {
    return defaultArticleFilters;
  }
}

/** Keeps the applied filters; a full or disabled storage is not an error worth showing. */
export function saveFilters(filters: ArticleFilters, storage = browserStorage()): void {
  try {
    storage?.setItem(filtersStorageKey, JSON.stringify(filters));
  } catch (error) {
    console.warn('IST: could not keep the article filters', error);
  }
}
