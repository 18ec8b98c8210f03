import { sql, type SQL } from 'drizzle-orm';
import type { FieldDefinition, IndexDefinition } from '../index-definition';
import { simpleQueryToSql } from '../simple-query/index';
import {
  splitSearchInList,
  type ComparisonOperator,
  type FilterExpression,
  type LambdaExpression,
  type Literal,
} from './ast';
import { resolveField } from './check';
import { resolveIsMatch } from './ismatch';
import { compareScalars, literalScalar, orient } from './semantics';

const TRUE = sql`TRUE`;
const FALSE = sql`FALSE`;
const constant = (value: boolean) => (value ? TRUE : FALSE);

const SQL_OPERATORS: Readonly<Record<ComparisonOperator, SQL>> = {
  eq: sql.raw('='),
  ne: sql.raw('<>'),
  gt: sql.raw('>'),
  lt: sql.raw('<'),
  ge: sql.raw('>='),
  le: sql.raw('<='),
};

/**
 * Compiles a checked filter to a parameterised SQL condition over the index's columns (named by
 * the index definition, through sql.identifier; every constant is a bound parameter).
 *
 * Negations are pushed down to the comparisons, each compiled with Azure's null and NaN rules,
 * so the condition is true exactly for the matching rows; for the others it is false or NULL.
 * Use it in WHERE (or AND it with other conditions); do not put it under NOT.
 */
export function filterToSql(ast: FilterExpression, index: IndexDefinition): SQL {
  return compile(ast, false, index, undefined);
}

/**
 * The relevance that `search.ismatchscoring` clauses add, or undefined when there are none: the
 * sum of each clause's score where it matches. Clauses under `not` add nothing.
 */
export function filterScoreToSql(ast: FilterExpression, index: IndexDefinition): SQL | undefined {
  const scores: SQL[] = [];
  const visit = (node: FilterExpression, negated: boolean): void => {
    switch (node.kind) {
      case 'and':
      case 'or':
        node.operands.forEach((operand) => visit(operand, negated));
        return;
      case 'not':
        visit(node.operand, !negated);
        return;
      case 'searchIsMatch': {
        if (!node.scoring || negated) return;
        const { query, options } = resolveIsMatch(node, index);
        const { where, score } = simpleQueryToSql(query, index, options);
        scores.push(sql`(CASE WHEN ${where} THEN coalesce(${score}, 0) ELSE 0 END)`);
        return;
      }
      default:
        return;
    }
  };
  visit(ast, false);
  if (scores.length === 0) return undefined;
  return sql`(${sql.join(scores, sql` + `)})`;
}

function compile(
  node: FilterExpression,
  negated: boolean,
  index: IndexDefinition,
  variable: string | undefined,
): SQL {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const parts = node.operands.map((operand) => compile(operand, negated, index, variable));
      // De Morgan: under a negation, and becomes or and vice versa.
      const isAnd = (node.kind === 'and') !== negated;
      return sql`(${sql.join(parts, isAnd ? sql` AND ` : sql` OR `)})`;
    }
    case 'not':
      return compile(node.operand, !negated, index, variable);
    case 'value': {
      const value = node.value;
      if (value.kind === 'literal') {
        if (value.type !== 'boolean') throw new Error('non-Boolean constant condition');
        return constant(value.value !== negated);
      }
      const column = columnOf(resolveField(index, value));
      // A null Boolean field is false, and so `not field` is true for it.
      return negated ? sql`${column} IS NOT TRUE` : sql`${column} IS TRUE`;
    }
    case 'comparison': {
      const oriented = orient(node.operator, node.left, node.right);
      if (oriented.kind === 'constant') {
        const result = compareScalars(
          oriented.operator,
          literalScalar(oriented.left),
          literalScalar(oriented.right),
        );
        return constant(result !== negated);
      }
      return compileComparison(
        resolveField(index, oriented.field),
        oriented.operator,
        oriented.literal,
        negated,
      );
    }
    case 'searchIn': {
      const column = columnOf(resolveField(index, node.field));
      const values = textArray(splitSearchInList(node.list, node.delimiters));
      return negated
        ? sql`(${column} IS NULL OR ${column} <> ALL(${values}))`
        : sql`${column} = ANY(${values})`;
    }
    case 'searchIsMatch': {
      const { query, options } = resolveIsMatch(node, index);
      const { where } = simpleQueryToSql(query, index, options);
      return negated ? sql`(NOT coalesce((${where}), FALSE))` : sql`(${where})`;
    }
    case 'lambda':
      return compileLambda(node, negated, index);
  }
}

function columnOf(field: FieldDefinition): SQL {
  return sql`${sql.identifier(field.name)}`;
}

function textArray(values: readonly string[]): SQL {
  return sql`${sql.param(values)}::text[]`;
}

function parameter(field: FieldDefinition, literal: Literal): SQL {
  switch (literal.type) {
    case 'string':
      return sql`${sql.param(literal.value)}::text`;
    case 'boolean':
      return sql`${sql.param(literal.value)}::boolean`;
    case 'dateTimeOffset':
      return sql`${sql.param(new Date(literal.value).toISOString())}::timestamptz`;
    case 'int':
      return field.type === 'Edm.Double'
        ? sql`${sql.param(literal.text)}::float8`
        : sql`${sql.param(literal.text)}::bigint`;
    case 'double':
      // PostgreSQL's float8 input reads 'Infinity' and '-Infinity'; pass text so every driver agrees.
      return sql`${sql.param(String(literal.value))}::float8`;
    case 'null':
      throw new Error('null has no parameter');
  }
}

/**
 * One `field op constant`. When the field is null, Azure makes eq and the range operators false
 * and ne true; NaN in a Double field fails every comparison but ne. PostgreSQL treats NaN as
 * equal to itself and greater than every number, hence the guard on gt/ge.
 */
function compileComparison(
  field: FieldDefinition,
  operator: ComparisonOperator,
  literal: Literal,
  negated: boolean,
): SQL {
  const column = columnOf(field);
  if (literal.type === 'null') {
    const isNull = (operator === 'eq') !== negated;
    return isNull ? sql`${column} IS NULL` : sql`${column} IS NOT NULL`;
  }
  if (literal.type === 'double' && Number.isNaN(literal.value)) {
    return constant((operator === 'ne') !== negated);
  }
  if (operator === 'ne') {
    const equal = sql`${column} = ${parameter(field, literal)}`;
    return negated ? equal : sql`(${column} IS NULL OR ${column} <> ${parameter(field, literal)})`;
  }
  const collate = field.type === 'Edm.String' && operator !== 'eq' ? sql` COLLATE "C"` : sql``;
  let core = sql`${column} ${SQL_OPERATORS[operator]} ${parameter(field, literal)}${collate}`;
  if (field.type === 'Edm.Double' && (operator === 'gt' || operator === 'ge')) {
    core = sql`(${core} AND ${column} <> ${sql.param('NaN')}::float8)`;
  }
  // core is NULL only when the field is null, where Azure's answer is false: not false is true.
  return negated ? sql`(${column} IS NULL OR NOT (${core}))` : core;
}

/** The string constants of a lambda body that checkFilter has accepted. */
function lambdaValues(body: FilterExpression): string[] {
  switch (body.kind) {
    case 'and':
    case 'or':
      return body.operands.flatMap(lambdaValues);
    case 'not':
      return lambdaValues(body.operand);
    case 'searchIn':
      return splitSearchInList(body.list, body.delimiters);
    case 'comparison': {
      const literal = body.left.kind === 'literal' ? body.left : body.right;
      if (literal.kind !== 'literal' || literal.type !== 'string') {
        throw new Error('lambda comparison without a string constant');
      }
      return [literal.value];
    }
    default:
      throw new Error(`unexpected ${body.kind} in a lambda body`);
  }
}

/**
 * String collections: `any(x: x eq 'a' or search.in(x, 'b c'))` is overlap with {a, b, c};
 * `all(x: x ne 'a' and not search.in(x, 'b c'))` is no overlap (true for an empty or null
 * collection); `any()` is non-empty.
 */
function compileLambda(node: LambdaExpression, negated: boolean, index: IndexDefinition): SQL {
  const column = columnOf(resolveField(index, node.collection));
  if (node.body === undefined) {
    return negated ? sql`coalesce(cardinality(${column}), 0) = 0` : sql`cardinality(${column}) > 0`;
  }
  const values = textArray([...new Set(lambdaValues(node.body))]);
  const overlaps = (node.quantifier === 'any') !== negated;
  return overlaps
    ? sql`${column} && ${values}`
    : sql`(${column} IS NULL OR NOT (${column} && ${values}))`;
}
