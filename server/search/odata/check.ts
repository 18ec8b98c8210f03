import { fieldOf, type FieldDefinition, type IndexDefinition } from '../index-definition';
import type {
  ComparisonExpression,
  FieldReference,
  FilterExpression,
  LambdaExpression,
  ValueExpression,
} from './ast';
import { filterError } from './filter-error';
import { resolveIsMatch } from './ismatch';

const RANGE_OPERATORS: ReadonlySet<string> = new Set(['gt', 'lt', 'ge', 'le']);

/** The field a path names, or a 400 in Azure's words when there is none. */
export function resolveField(index: IndexDefinition, ref: FieldReference): FieldDefinition {
  const [first, second] = ref.path;
  const field = first === undefined ? undefined : fieldOf(index, first);
  if (field === undefined) {
    throw filterError(
      `Could not find a property named '${first ?? ''}' on type 'search.document'.`,
    );
  }
  if (second !== undefined) {
    throw filterError(`Could not find a property named '${second}' on type '${field.type}'.`);
  }
  return field;
}

/** The field a path names, which must also be filterable. */
export function resolveFilterableField(
  index: IndexDefinition,
  ref: FieldReference,
): FieldDefinition {
  const field = resolveField(index, ref);
  if (!field.filterable) {
    throw filterError(
      `The field '${field.name}' at position ${ref.position} is not a filterable field. Only filterable fields can be used in filter expressions.`,
    );
  }
  return field;
}

const literalTypeName = (value: ValueExpression & { kind: 'literal' }): string => {
  switch (value.type) {
    case 'null':
      return 'null';
    case 'boolean':
      return 'Edm.Boolean';
    case 'string':
      return 'Edm.String';
    case 'int':
      return 'Edm.Int64';
    case 'double':
      return 'Edm.Double';
    case 'dateTimeOffset':
      return 'Edm.DateTimeOffset';
  }
};

/** Whether a constant of this literal type can be compared with a field of this type. */
function compatible(field: FieldDefinition, literal: ValueExpression & { kind: 'literal' }) {
  switch (field.type) {
    case 'Edm.String':
      return literal.type === 'string';
    case 'Edm.Int32':
    case 'Edm.Int64':
    case 'Edm.Double':
      return literal.type === 'int' || literal.type === 'double';
    case 'Edm.Boolean':
      return literal.type === 'boolean';
    case 'Edm.DateTimeOffset':
      return literal.type === 'dateTimeOffset';
    case 'Collection(Edm.String)':
      return false;
  }
}

const numeric = (type: string) => type === 'int' || type === 'double';

/**
 * Checks a parsed filter against an index, as Azure does: every field exists and is filterable,
 * each comparison has one field (or none) and a constant of a compatible type, range operators
 * meet neither null nor Booleans, collections are reached only through any/all with the bodies
 * Azure allows for Collection(Edm.String), and range variables are bound. Throws a 400
 * SearchRequestError.
 */
export function checkFilter(ast: FilterExpression, index: IndexDefinition): void {
  const check = (node: FilterExpression): void => {
    switch (node.kind) {
      case 'and':
      case 'or':
        node.operands.forEach(check);
        return;
      case 'not':
        check(node.operand);
        return;
      case 'value': {
        const value = node.value;
        if (value.kind === 'literal') {
          if (value.type !== 'boolean') {
            throw filterError(
              `The constant at position ${value.position} is of type ${literalTypeName(value)}; a filter condition must be Boolean.`,
            );
          }
          return;
        }
        const field = resolveFilterableField(index, value);
        if (field.type !== 'Edm.Boolean') {
          throw filterError(
            `The field '${field.name}' at position ${value.position} is of type ${field.type}; only Edm.Boolean fields can be used as conditions on their own.`,
          );
        }
        return;
      }
      case 'comparison':
        checkComparison(node, index);
        return;
      case 'searchIn': {
        const field = resolveFilterableField(index, node.field);
        if (field.type === 'Collection(Edm.String)') {
          throw filterError(
            `search.in at position ${node.position} is applied to the collection '${field.name}'; use ${field.name}/any(x: search.in(x, '…')).`,
          );
        }
        if (field.type !== 'Edm.String') {
          throw filterError(
            `search.in at position ${node.position} needs an Edm.String field, but '${field.name}' is of type ${field.type}.`,
          );
        }
        return;
      }
      case 'searchIsMatch':
        resolveIsMatch(node, index);
        return;
      case 'lambda':
        checkLambda(node, index);
        return;
    }
  };
  check(ast);
}

function checkComparison(node: ComparisonExpression, index: IndexDefinition): void {
  const { left, right, operator } = node;
  const where = `at position ${node.position}`;
  if (left.kind === 'field' && right.kind === 'field') {
    throw filterError(
      `The comparison ${where} compares two fields; Azure AI Search compares a field with a constant.`,
    );
  }
  const isRange = RANGE_OPERATORS.has(operator);
  if (left.kind === 'literal' && right.kind === 'literal') {
    if (left.type === 'null' || right.type === 'null') {
      if (isRange)
        throw filterError(`The constant null cannot be used with '${operator}' ${where}.`);
      return;
    }
    const sameType = (numeric(left.type) && numeric(right.type)) || left.type === right.type;
    if (!sameType) {
      throw filterError(
        `The comparison ${where} compares ${literalTypeName(left)} with ${literalTypeName(right)}.`,
      );
    }
    if (isRange && left.type === 'boolean') {
      throw filterError(`The operator '${operator}' ${where} cannot be applied to Edm.Boolean.`);
    }
    return;
  }
  const [ref, literal] =
    left.kind === 'field'
      ? [left, right as ValueExpression & { kind: 'literal' }]
      : [right as FieldReference, left];
  const field = resolveFilterableField(index, ref);
  if (field.type === 'Collection(Edm.String)') {
    throw filterError(
      `The field '${field.name}' ${where} is a collection; compare its items inside any/all, as in ${field.name}/any(x: x eq 'value').`,
    );
  }
  if (literal.type === 'null') {
    if (isRange) throw filterError(`The constant null cannot be used with '${operator}' ${where}.`);
    return;
  }
  if (!compatible(field, literal)) {
    throw filterError(
      `The field '${field.name}' ${where} is of type ${field.type} and cannot be compared with a constant of type ${literalTypeName(literal)}.`,
    );
  }
  if (isRange && field.type === 'Edm.Boolean') {
    throw filterError(`The operator '${operator}' ${where} cannot be applied to Edm.Boolean.`);
  }
}

function checkLambda(node: LambdaExpression, index: IndexDefinition): void {
  const field = resolveFilterableField(index, node.collection);
  if (field.type !== 'Collection(Edm.String)') {
    throw filterError(
      `'${node.quantifier}' at position ${node.position} is applied to '${field.name}', which is not a collection.`,
    );
  }
  const { body, variable } = node;
  if (body === undefined || variable === undefined) return;
  const allowed =
    node.quantifier === 'any'
      ? `inside any(), only '${variable} eq <string>' and search.in(${variable}, …) combined with 'or' are allowed`
      : `inside all(), only '${variable} ne <string>' and 'not search.in(${variable}, …)' combined with 'and' are allowed`;
  const reject = (position: number, what: string) =>
    filterError(`Invalid lambda expression at position ${position}: ${what}; ${allowed}.`);
  const isVariable = (value: ValueExpression) =>
    value.kind === 'field' && value.path.length === 1 && value.path[0] === variable;
  const checkSearchIn = (inner: FilterExpression & { kind: 'searchIn' }) => {
    if (inner.field.path.length !== 1 || inner.field.path[0] !== variable) {
      throw reject(inner.position, `search.in must test the range variable '${variable}'`);
    }
  };
  const checkBody = (inner: FilterExpression): void => {
    const connective = node.quantifier === 'any' ? 'or' : 'and';
    const wanted = node.quantifier === 'any' ? 'eq' : 'ne';
    switch (inner.kind) {
      case 'and':
      case 'or':
        if (inner.kind !== connective) throw reject(inner.position, `'${inner.kind}' is used`);
        inner.operands.forEach(checkBody);
        return;
      case 'comparison': {
        const { left, right } = inner;
        const constant = isVariable(left) ? right : isVariable(right) ? left : undefined;
        if (constant === undefined) {
          throw reject(
            inner.position,
            `the comparison does not test the range variable '${variable}'`,
          );
        }
        if (inner.operator !== wanted) throw reject(inner.position, `'${inner.operator}' is used`);
        if (constant.kind !== 'literal' || constant.type !== 'string') {
          throw reject(inner.position, `'${variable}' must be compared with a string constant`);
        }
        return;
      }
      case 'searchIn':
        if (node.quantifier === 'all')
          throw reject(inner.position, 'search.in must be negated with not');
        checkSearchIn(inner);
        return;
      case 'not':
        if (node.quantifier === 'all' && inner.operand.kind === 'searchIn') {
          checkSearchIn(inner.operand);
          return;
        }
        throw reject(inner.position, "'not' is used here");
      case 'searchIsMatch':
        throw reject(inner.position, 'search.ismatch is not allowed inside lambdas');
      case 'lambda':
        throw reject(inner.position, 'lambdas cannot be nested here');
      case 'value':
        throw reject(inner.position, 'a bare value is used as a condition');
    }
  };
  checkBody(body);
}
