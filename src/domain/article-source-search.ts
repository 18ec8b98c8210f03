/**
 * The article source search (spec 000 §7, §9 "Article source search returns the top 10"): the
 * query the add-article form's source picker sends to the index /config.json names as
 * `feedsIndexUrl`, one document per registered web domain. Pure: the worker sends it, the API
 * tests send the same through the official SDK.
 */
import type { QueryParameters } from './article-search/query';
import { requiredPrefixTerms, typedWords } from './prefix-search-terms';

/** Spec 000 §9. */
export const articleSourceSearchTop = 10;
/**
 * The spec gives no debounce for this search; the article search box's 250 ms (spec 000 §9)
 * suits a list of a few hundred domains better than the location pickers' 500 ms.
 */
export const articleSourceSearchDebounceMs = 250;

/** The field the typed words are looked for in: the domain's labels as words. */
export const articleSourceSearchFields = ['domainWords'] as const;

/** What the picker reads of a source. */
export const articleSourceResultFields = [
  'id',
  'domain',
  'sourceCategoryId',
  'sourceCategory',
  'sourceGroupId',
  'sourceGroup',
  'sourcePriorityId',
  'sourcePriority',
] as const;

/**
 * Whether a typed text is worth a search: one letter or digit is enough (the spec sets no
 * minimum for this search, and domains as short as 'dw.com' exist).
 */
export const isArticleSourceSearchable = (text: string): boolean => typedWords(text).length > 0;

/**
 * Sources whose domain has a label starting with each word typed ('who' finds 'who.int' and
 * 'afro.who.int'), top 10. Prefix hits all score 1.0 on Azure, so they are ordered: by domain.
 */
export function articleSourcesQuery(text: string): QueryParameters {
  return [
    ['search', requiredPrefixTerms(text)],
    ['queryType', 'simple'],
    ['searchFields', articleSourceSearchFields.join(',')],
    ['$select', articleSourceResultFields.join(',')],
    ['$orderby', 'domain asc'],
    ['$top', String(articleSourceSearchTop)],
  ];
}
