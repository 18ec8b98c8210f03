import type { SQL } from 'drizzle-orm';
import type { IndexDefinition } from '../index-definition';
import type { FilterExpression } from './ast';
import { checkFilter } from './check';
import { parseFilter } from './parser';
import { filterScoreToSql, filterToSql } from './to-sql';

export type * from './ast';
export { checkFilter } from './check';
export { evaluateFilter } from './evaluate';
export { MAX_FILTER_DEPTH, MAX_FILTER_LENGTH, parseFilter } from './parser';
export { filterScoreToSql, filterToSql } from './to-sql';

/** Parses and checks a `$filter` against an index; throws a 400 SearchRequestError ('$filter'). */
export function parseAndCheckFilter(text: string, index: IndexDefinition): FilterExpression {
  const ast = parseFilter(text);
  checkFilter(ast, index);
  return ast;
}

/**
 * Compiles a `$filter` to a parameterised SQL condition on the index's table (for WHERE; see
 * filterToSql). Throws a 400 SearchRequestError with parameter '$filter' for syntax errors,
 * unknown or non-filterable fields and type errors. An empty filter is an error: callers treat
 * an absent or blank `$filter` as no filter.
 */
export function compileFilter(text: string, index: IndexDefinition): SQL {
  return filterToSql(parseAndCheckFilter(text, index), index);
}

/**
 * As compileFilter, with the relevance the filter's `search.ismatchscoring` clauses add
 * (undefined when it has none).
 */
export function compileFilterWithScore(
  text: string,
  index: IndexDefinition,
): { readonly where: SQL; readonly score: SQL | undefined } {
  const ast = parseAndCheckFilter(text, index);
  return { where: filterToSql(ast, index), score: filterScoreToSql(ast, index) };
}
