import type { IndexDefinition } from '../index-definition';
import { analyze, isMatchablePrefix } from './analyze';
import { resolveSearchFields, type SimpleSearchOptions } from './fields';
import type { SimpleQuery, SimpleQueryNode } from './parse';

/**
 * The TypeScript reference of simpleQueryToSql: whether a document matches, with the same
 * semantics. Each searchable field is analysed with analyze(); a collection is analysed as its
 * elements joined with ' ' (as its tsvector column is built). Throws SearchRequestError for bad
 * searchFields.
 */
export function matchesSimpleQuery(
  query: SimpleQuery,
  index: IndexDefinition,
  options: SimpleSearchOptions,
  doc: Readonly<Record<string, unknown>>,
): boolean {
  const fields = resolveSearchFields(index, options.searchFields).map((f) =>
    analyze(fieldText(doc[f.name])),
  );
  return evaluate(query.root, options.searchMode, fields);
}

function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join(' ');
  return '';
}

function evaluate(
  node: SimpleQueryNode,
  mode: 'any' | 'all',
  fields: readonly (readonly string[])[],
): boolean {
  switch (node.kind) {
    case 'matchAll':
      return true;
    case 'matchNone':
      return false;
    case 'not':
      return !evaluate(node.operand, mode, fields);
    case 'term':
      return fields.some((tokens) =>
        mode === 'any'
          ? node.tokens.some((t) => tokens.includes(t))
          : node.tokens.every((t) => tokens.includes(t)),
      );
    case 'phrase':
      return fields.some((tokens) => containsPhrase(tokens, node.tokens));
    case 'prefix':
      return (
        isMatchablePrefix(node.prefix) &&
        fields.some((tokens) => tokens.some((t) => t.startsWith(node.prefix)))
      );
    case 'sequence': {
      // No precedence: a left fold in textual order, as Lucene's SimpleQueryParser builds it.
      let result = evaluate(node.first, mode, fields);
      for (const { operator, operand } of node.rest) {
        const and = operator === 'and' || (operator === 'default' && mode === 'all');
        const value = evaluate(operand, mode, fields);
        result = and ? result && value : result || value;
      }
      return result;
    }
  }
}

function containsPhrase(tokens: readonly string[], phrase: readonly string[]): boolean {
  const last = tokens.length - phrase.length;
  for (let i = 0; i <= last; i++) {
    if (phrase.every((p, j) => tokens[i + j] === p)) return true;
  }
  return false;
}
