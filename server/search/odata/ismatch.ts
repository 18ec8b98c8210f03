import { SearchRequestError } from '../errors';
import { fieldOf, type IndexDefinition } from '../index-definition';
import {
  parseSimpleQuery,
  type SimpleQuery,
  type SimpleSearchOptions,
} from '../simple-query/index';
import type { SearchIsMatchExpression } from './ast';
import { filterError } from './filter-error';

/** A `search.ismatch` call resolved against an index: the parsed query and its options. */
export interface ResolvedIsMatch {
  readonly query: SimpleQuery;
  readonly options: SimpleSearchOptions;
}

/**
 * Validates and resolves the arguments of `search.ismatch(search, searchFields, queryType,
 * searchMode)`: searchFields defaults to every searchable field, queryType must be simple (the
 * only syntax this service implements), searchMode any (the default) or all.
 */
export function resolveIsMatch(
  node: SearchIsMatchExpression,
  index: IndexDefinition,
): ResolvedIsMatch {
  const name = node.scoring ? 'search.ismatchscoring' : 'search.ismatch';
  const at = `at position ${node.position}`;
  if (node.queryType !== undefined && node.queryType !== 'simple') {
    throw filterError(
      node.queryType === 'full'
        ? `queryType 'full' in ${name} ${at} is not supported; use 'simple'.`
        : `'${node.queryType}' in ${name} ${at} is not a query type; use 'simple'.`,
    );
  }
  if (node.searchMode !== undefined && node.searchMode !== 'any' && node.searchMode !== 'all') {
    throw filterError(
      `'${node.searchMode}' in ${name} ${at} is not a search mode; use 'any' or 'all'.`,
    );
  }
  const listed = (node.searchFields ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  for (const fieldName of listed) {
    const field = fieldOf(index, fieldName);
    if (field === undefined) {
      throw filterError(
        `Could not find a property named '${fieldName}' on type 'search.document'.`,
      );
    }
    if (!field.searchable) {
      throw filterError(
        `The field '${fieldName}' in ${name} ${at} is not searchable. Only searchable fields can be used in searchFields.`,
      );
    }
  }
  const searchFields =
    listed.length > 0 ? listed : index.fields.filter((f) => f.searchable).map((f) => f.name);
  let query: SimpleQuery;
  try {
    query = parseSimpleQuery(node.search);
  } catch (error) {
    if (error instanceof SearchRequestError) {
      throw filterError(`In ${name} ${at}: ${error.message}`);
    }
    throw error;
  }
  return {
    query,
    options: { searchFields, searchMode: node.searchMode === 'all' ? 'all' : 'any' },
  };
}
