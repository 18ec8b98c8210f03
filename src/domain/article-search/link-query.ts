import { articleDocumentFields } from './article-document';
import type { QueryParameters } from './query';
import { translateSearchText } from './search-text';

/** Articles a link search shows (spec 001 §9 "Article search top 10"). */
export const articleLinkTop = 10;

/** Where a link search looks (spec 001 §7 "Article search (for linking)"). */
export const articleLinkSearchFields = ['articleId', 'articleTitle', 'diseaseIds'] as const;

/**
 * The GET query of the associated-articles search (spec 001 §7): the analyst's text in the
 * article index's syntax (spec 000 §2; a plain word is a prefix), $top 10, searchFields
 * articleId, articleTitle, diseaseIds, newest first among equal scores, every document field.
 */
export function buildArticleLinkQuery(text: string): QueryParameters {
  const translated = translateSearchText(text);
  const parameters: [string, string][] = [
    ['$top', String(articleLinkTop)],
    ['search', translated.search],
    ['searchFields', articleLinkSearchFields.join(',')],
    ['queryType', 'simple'],
    ['searchMode', 'any'],
    ['$orderby', 'search.score() desc,insertedDate desc'],
    ['$select', articleDocumentFields.join(',')],
  ];
  if (translated.negatedFilters.length > 0) {
    parameters.push(['$filter', translated.negatedFilters.join(' and ')]);
  }
  return parameters;
}
