import type { IndexDefinition } from '../index-definition';
import { matchesSimpleQuery } from '../simple-query/index';
import { splitSearchInList, type FieldReference, type FilterExpression } from './ast';
import { resolveIsMatch } from './ismatch';
import { compareScalars, literalScalar, orient, type Scalar } from './semantics';

/**
 * Evaluates a checked filter against one document, with the semantics filterToSql gives in SQL
 * (it is the reference the property tests hold the SQL to).
 *
 * Documents hold: strings; numbers (or bigints) for Int32, Int64 and Double; booleans; Date
 * objects for DateTimeOffset (not ISO strings); string arrays for collections; null or a missing
 * property for null. `index` is needed only when the filter calls search.ismatch.
 */
export function evaluateFilter(
  ast: FilterExpression,
  doc: Readonly<Record<string, unknown>>,
  index?: IndexDefinition,
): boolean {
  return evaluate(ast, doc, index, undefined);
}

function evaluate(
  node: FilterExpression,
  doc: Readonly<Record<string, unknown>>,
  index: IndexDefinition | undefined,
  element: { readonly variable: string; readonly value: string } | undefined,
): boolean {
  switch (node.kind) {
    case 'and':
      return node.operands.every((operand) => evaluate(operand, doc, index, element));
    case 'or':
      return node.operands.some((operand) => evaluate(operand, doc, index, element));
    case 'not':
      return !evaluate(node.operand, doc, index, element);
    case 'value': {
      const value = node.value;
      if (value.kind === 'literal') return value.type === 'boolean' && value.value;
      return fieldValue(doc, value, element) === true;
    }
    case 'comparison': {
      const oriented = orient(node.operator, node.left, node.right);
      if (oriented.kind === 'constant') {
        return compareScalars(
          oriented.operator,
          literalScalar(oriented.left),
          literalScalar(oriented.right),
        );
      }
      return compareScalars(
        oriented.operator,
        fieldValue(doc, oriented.field, element),
        literalScalar(oriented.literal),
      );
    }
    case 'searchIn': {
      const value = fieldValue(doc, node.field, element);
      return (
        typeof value === 'string' && splitSearchInList(node.list, node.delimiters).includes(value)
      );
    }
    case 'searchIsMatch': {
      if (index === undefined) throw new Error('evaluateFilter needs the index for search.ismatch');
      const { query, options } = resolveIsMatch(node, index);
      return matchesSimpleQuery(query, index, options, doc);
    }
    case 'lambda': {
      const items = collectionValue(doc, node.collection);
      const { body, variable } = node;
      if (body === undefined || variable === undefined) return items.length > 0;
      const holds = (item: string) => evaluate(body, doc, index, { variable, value: item });
      return node.quantifier === 'any' ? items.some(holds) : items.every(holds);
    }
  }
}

const lookup = (doc: Readonly<Record<string, unknown>>, ref: FieldReference): unknown =>
  ref.path.length === 1 && ref.path[0] !== undefined && Object.hasOwn(doc, ref.path[0])
    ? doc[ref.path[0]]
    : undefined;

function fieldValue(
  doc: Readonly<Record<string, unknown>>,
  ref: FieldReference,
  element: { readonly variable: string; readonly value: string } | undefined,
): Scalar {
  if (element !== undefined && ref.path.length === 1 && ref.path[0] === element.variable) {
    return element.value;
  }
  const value = lookup(doc, ref);
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.getTime();
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    typeof value === 'bigint'
  ) {
    return value;
  }
  throw new TypeError(`field '${ref.path.join('/')}' holds an unsupported value`);
}

function collectionValue(doc: Readonly<Record<string, unknown>>, ref: FieldReference): string[] {
  const value = lookup(doc, ref);
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  throw new TypeError(`field '${ref.path.join('/')}' is not a collection`);
}
