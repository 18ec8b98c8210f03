import type { ComparisonOperator, FieldReference, Literal, ValueExpression } from './ast';
import { flipOperator } from './ast';

/** A comparison put as `field op constant`, or two constants. */
export type OrientedComparison =
  | {
      readonly kind: 'field';
      readonly field: FieldReference;
      readonly operator: ComparisonOperator;
      readonly literal: Literal;
    }
  | {
      readonly kind: 'constant';
      readonly operator: ComparisonOperator;
      readonly left: Literal;
      readonly right: Literal;
    };

/** Moves the field to the left, flipping range operators (`5 lt x` is `x gt 5`). */
export function orient(
  operator: ComparisonOperator,
  left: ValueExpression,
  right: ValueExpression,
): OrientedComparison {
  if (left.kind === 'field' && right.kind === 'literal') {
    return { kind: 'field', field: left, operator, literal: right };
  }
  if (left.kind === 'literal' && right.kind === 'field') {
    return { kind: 'field', field: right, operator: flipOperator(operator), literal: left };
  }
  if (left.kind === 'literal' && right.kind === 'literal') {
    return { kind: 'constant', operator, left, right };
  }
  throw new Error('comparison of two fields reached the compiler; checkFilter rejects it');
}

/**
 * Ordinal comparison by Unicode code point, as PostgreSQL's "C" collation orders UTF-8 text.
 * JavaScript's `<` compares UTF-16 code units, which puts U+10000 and above before U+E000–U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      const fix = (c: number) => (c >= 0xe000 ? c - 0x800 : c >= 0xd800 ? c + 0x2000 : c);
      return fix(x) - fix(y);
    }
  }
  return a.length - b.length;
}

/** A scalar as the comparison rules see it: dates as epoch milliseconds. */
export type Scalar = null | boolean | number | bigint | string;

/**
 * Azure's comparison of two scalars of compatible types. Null: only `eq null` holds for it (and
 * `ne` of anything else); range operators with a null are false. NaN: everything false but `ne`.
 * Strings compare case-sensitively, ordinally by code point.
 */
export function compareScalars(operator: ComparisonOperator, a: Scalar, b: Scalar): boolean {
  if (a === null || b === null) {
    if (operator === 'eq') return a === b;
    if (operator === 'ne') return a !== b;
    return false;
  }
  let order: number;
  if (typeof a === 'string' && typeof b === 'string') {
    order = compareCodePoints(a, b);
  } else if (typeof a === 'boolean' && typeof b === 'boolean') {
    order = a === b ? 0 : a ? 1 : -1;
  } else if (typeof a === 'bigint' && typeof b === 'bigint') {
    order = a === b ? 0 : a < b ? -1 : 1;
  } else if (
    (typeof a === 'number' || typeof a === 'bigint') &&
    (typeof b === 'number' || typeof b === 'bigint')
  ) {
    const x = Number(a);
    const y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return operator === 'ne';
    order = x === y ? 0 : x < y ? -1 : 1;
  } else {
    throw new TypeError(`cannot compare ${typeof a} with ${typeof b}`);
  }
  return orderSatisfies(operator, order);
}

/** Whether a comparison holds given the order of its operands (negative, zero, positive). */
export function orderSatisfies(operator: ComparisonOperator, order: number): boolean {
  switch (operator) {
    case 'eq':
      return order === 0;
    case 'ne':
      return order !== 0;
    case 'gt':
      return order > 0;
    case 'lt':
      return order < 0;
    case 'ge':
      return order >= 0;
    case 'le':
      return order <= 0;
  }
}

/** The scalar a literal stands for. */
export function literalScalar(literal: Literal): Scalar {
  switch (literal.type) {
    case 'null':
      return null;
    case 'int':
      return Number.isSafeInteger(literal.value) ? literal.value : BigInt(literal.text);
    default:
      return literal.value;
  }
}
