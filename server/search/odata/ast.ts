/**
 * The syntax tree of an Azure AI Search OData `$filter`. Every node carries `position`, the
 * 0-based offset in the filter text where it starts, so errors can say where.
 */

/** Comparison operators. */
export type ComparisonOperator = 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le';

/** A field path (`a/b`) or, inside a lambda, the range variable (a one-segment path). */
export interface FieldReference {
  readonly kind: 'field';
  readonly path: readonly string[];
  readonly position: number;
}

/**
 * A constant. Integers keep their text so Int64 values reach SQL exactly; `value` is the
 * nearest double. DateTimeOffset values are normalised to UTC milliseconds.
 */
export type Literal =
  | { readonly kind: 'literal'; readonly type: 'null'; readonly position: number }
  | {
      readonly kind: 'literal';
      readonly type: 'boolean';
      readonly value: boolean;
      readonly position: number;
    }
  | {
      readonly kind: 'literal';
      readonly type: 'string';
      readonly value: string;
      readonly position: number;
    }
  | {
      readonly kind: 'literal';
      readonly type: 'int';
      readonly value: number;
      readonly text: string;
      readonly position: number;
    }
  | {
      readonly kind: 'literal';
      /** Includes NaN, INF (Infinity) and -INF. */
      readonly type: 'double';
      readonly value: number;
      readonly position: number;
    }
  | {
      readonly kind: 'literal';
      readonly type: 'dateTimeOffset';
      /** Milliseconds since the epoch (UTC). */
      readonly value: number;
      readonly text: string;
      readonly position: number;
    };

/** An operand of a comparison. */
export type ValueExpression = FieldReference | Literal;

export interface LogicalExpression {
  readonly kind: 'and' | 'or';
  /** Two or more operands; chains are flattened, so `a and b and c` is one node. */
  readonly operands: readonly FilterExpression[];
  readonly position: number;
}

export interface NotExpression {
  readonly kind: 'not';
  readonly operand: FilterExpression;
  readonly position: number;
}

export interface ComparisonExpression {
  readonly kind: 'comparison';
  readonly operator: ComparisonOperator;
  readonly left: ValueExpression;
  readonly right: ValueExpression;
  /** Where the operator is. */
  readonly position: number;
}

/** A Boolean field, a Boolean literal, or (rejected by the checker) any other value used as a condition. */
export interface ValueCondition {
  readonly kind: 'value';
  readonly value: ValueExpression;
  readonly position: number;
}

/** `search.in(field, 'v1,v2', 'delimiters')`. */
export interface SearchInExpression {
  readonly kind: 'searchIn';
  readonly field: FieldReference;
  readonly list: string;
  /** Each character is a delimiter; Azure's default is space and comma. */
  readonly delimiters: string;
  readonly position: number;
}

/** `search.ismatch(search, searchFields, queryType, searchMode)` and its scoring variant. */
export interface SearchIsMatchExpression {
  readonly kind: 'searchIsMatch';
  readonly scoring: boolean;
  readonly search: string;
  /** The comma-separated field list as written, or undefined for all searchable fields. */
  readonly searchFields: string | undefined;
  readonly queryType: string | undefined;
  readonly searchMode: string | undefined;
  readonly position: number;
}

/** `field/any()`, `field/any(x: …)` and `field/all(x: …)`. */
export interface LambdaExpression {
  readonly kind: 'lambda';
  readonly quantifier: 'any' | 'all';
  readonly collection: FieldReference;
  /** Undefined only for `field/any()`. */
  readonly variable: string | undefined;
  readonly body: FilterExpression | undefined;
  readonly position: number;
}

/** A Boolean expression: the whole of a `$filter`. */
export type FilterExpression =
  | LogicalExpression
  | NotExpression
  | ComparisonExpression
  | ValueCondition
  | SearchInExpression
  | SearchIsMatchExpression
  | LambdaExpression;

/** Azure's default `search.in` delimiters: space and comma. */
export const DEFAULT_SEARCH_IN_DELIMITERS = ' ,';

/** Splits a `search.in` list: every character of `delimiters` separates; empty items are dropped. */
export function splitSearchInList(list: string, delimiters: string): string[] {
  const values: string[] = [];
  let current = '';
  for (const ch of list) {
    if (delimiters.includes(ch)) {
      if (current !== '') values.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (current !== '') values.push(current);
  return values;
}

/** The operator with its operands swapped: `5 lt x` is `x gt 5`. */
export function flipOperator(op: ComparisonOperator): ComparisonOperator {
  switch (op) {
    case 'gt':
      return 'lt';
    case 'lt':
      return 'gt';
    case 'ge':
      return 'le';
    case 'le':
      return 'ge';
    default:
      return op;
  }
}
