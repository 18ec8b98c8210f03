import {
  DEFAULT_SEARCH_IN_DELIMITERS,
  type ComparisonOperator,
  type FieldReference,
  type FilterExpression,
  type Literal,
  type SearchInExpression,
  type SearchIsMatchExpression,
  type ValueExpression,
} from './ast';
import { filterError, syntaxError } from './filter-error';
import { tokenize, type Token } from './lexer';

/** The longest filter accepted, in characters. */
export const MAX_FILTER_LENGTH = 32 * 1024;
/** The deepest nesting of parentheses, `not` and lambdas accepted. */
export const MAX_FILTER_DEPTH = 100;

const COMPARISON_OPERATORS: ReadonlySet<string> = new Set(['eq', 'ne', 'gt', 'lt', 'ge', 'le']);
const KEYWORDS: ReadonlySet<string> = new Set([...COMPARISON_OPERATORS, 'and', 'or', 'not']);
const UNSUPPORTED_OPERATORS: ReadonlySet<string> = new Set([
  'has',
  'add',
  'sub',
  'mul',
  'div',
  'divby',
  'mod',
]);

/**
 * Parses an Azure AI Search `$filter` into its syntax tree. Precedence, high to low: `not`,
 * comparisons, `and`, `or`. Throws a 400 SearchRequestError whose message gives the position.
 * Fields are not resolved here: see checkFilter.
 */
export function parseFilter(text: string): FilterExpression {
  if (text.length > MAX_FILTER_LENGTH) {
    throw filterError(
      `The filter is too long: ${text.length} characters, the limit is ${MAX_FILTER_LENGTH}.`,
    );
  }
  return new Parser(text, tokenize(text)).parse();
}

type Punctuation = '(' | ')' | ',' | ':' | '/';

const describe = (token: Token): string => {
  switch (token.kind) {
    case 'end':
      return 'the end of the filter';
    case 'string':
      return 'a string literal';
    case 'number':
    case 'dateTimeOffset':
      return `'${token.text}'`;
    default:
      return `'${token.value}'`;
  }
};

class Parser {
  private index = 0;
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
  ) {}

  parse(): FilterExpression {
    if (this.peek().kind === 'end') throw this.error(this.peek(), 'the filter is empty');
    const expression = this.parseOr();
    const next = this.peek();
    if (next.kind !== 'end') {
      if (next.kind === 'identifier' && COMPARISON_OPERATORS.has(next.value)) {
        throw this.error(next, `comparisons cannot be chained; unexpected '${next.value}'`);
      }
      throw this.error(
        next,
        `expected 'and', 'or' or the end of the filter but found ${describe(next)}`,
      );
    }
    return expression;
  }

  private peek(offset = 0): Token {
    // The token list always ends with an 'end' token, and the parser never reads past it.
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index++;
    return token;
  }

  private isKeyword(token: Token, word: string): boolean {
    return token.kind === 'identifier' && token.value === word;
  }

  private isPunctuation(token: Token, value: Punctuation): boolean {
    return token.kind === 'punctuation' && token.value === value;
  }

  private expect(value: Punctuation, what: string): Token {
    const token = this.next();
    if (!this.isPunctuation(token, value)) {
      throw this.error(token, `expected '${value}' ${what} but found ${describe(token)}`);
    }
    return token;
  }

  private error(token: Token, detail: string) {
    return syntaxError(this.text, token.position, detail);
  }

  private enter(token: Token): void {
    this.depth++;
    if (this.depth > MAX_FILTER_DEPTH) {
      throw this.error(
        token,
        `the filter is nested too deeply (more than ${MAX_FILTER_DEPTH} levels of parentheses, 'not' and lambdas)`,
      );
    }
  }

  private leave(): void {
    this.depth--;
  }

  private parseOr(): FilterExpression {
    const operands = [this.parseAnd()];
    while (this.isKeyword(this.peek(), 'or')) {
      this.next();
      operands.push(this.parseAnd());
    }
    const [first] = operands;
    if (operands.length === 1 && first !== undefined) return first;
    return { kind: 'or', operands, position: operands[0]?.position ?? 0 };
  }

  private parseAnd(): FilterExpression {
    const operands = [this.parseComparison()];
    while (this.isKeyword(this.peek(), 'and')) {
      this.next();
      operands.push(this.parseComparison());
    }
    const [first] = operands;
    if (operands.length === 1 && first !== undefined) return first;
    return { kind: 'and', operands, position: operands[0]?.position ?? 0 };
  }

  private parseComparison(): FilterExpression {
    const left = this.parseUnary();
    const operatorToken = this.peek();
    if (operatorToken.kind !== 'identifier') return left;
    if (operatorToken.value === 'in') {
      throw this.error(
        operatorToken,
        "the OData 4.01 'in' operator is not supported; use search.in(field, 'a,b')",
      );
    }
    if (UNSUPPORTED_OPERATORS.has(operatorToken.value)) {
      throw this.error(operatorToken, `the operator '${operatorToken.value}' is not supported`);
    }
    if (!COMPARISON_OPERATORS.has(operatorToken.value)) return left;
    const operator = operatorToken.value as ComparisonOperator;
    this.next();
    if (left.kind !== 'value') {
      const hint =
        left.kind === 'not'
          ? ` ('not' binds tighter than '${operator}': write not (a ${operator} b))`
          : '';
      throw this.error(
        operatorToken,
        `the left operand of '${operator}' must be a field or a constant, not a Boolean expression${hint}`,
      );
    }
    const rightToken = this.peek();
    const right = this.parseUnary();
    if (right.kind !== 'value') {
      throw this.error(
        rightToken,
        `the right operand of '${operator}' must be a field or a constant, not a Boolean expression`,
      );
    }
    return {
      kind: 'comparison',
      operator,
      left: left.value,
      right: right.value,
      position: operatorToken.position,
    };
  }

  private parseUnary(): FilterExpression {
    const token = this.peek();
    if (this.isKeyword(token, 'not')) {
      this.next();
      this.enter(token);
      const operand = this.parseUnary();
      this.leave();
      return { kind: 'not', operand, position: token.position };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): FilterExpression {
    const token = this.next();
    switch (token.kind) {
      case 'end':
        throw this.error(token, 'unexpected end of the filter; expected an expression');
      case 'punctuation': {
        if (token.value !== '(') {
          throw this.error(token, `expected an expression but found '${token.value}'`);
        }
        this.enter(token);
        const inner = this.parseOr();
        this.expect(')', 'to close the parenthesis');
        this.leave();
        return inner;
      }
      case 'string':
        return this.value({
          kind: 'literal',
          type: 'string',
          value: token.value,
          position: token.position,
        });
      case 'number':
        return this.value(
          token.numberType === 'int'
            ? {
                kind: 'literal',
                type: 'int',
                value: token.value,
                text: token.text,
                position: token.position,
              }
            : { kind: 'literal', type: 'double', value: token.value, position: token.position },
        );
      case 'dateTimeOffset':
        return this.value({
          kind: 'literal',
          type: 'dateTimeOffset',
          value: token.value,
          text: token.text,
          position: token.position,
        });
      case 'identifier':
        return this.parseIdentifier(token);
    }
  }

  private value(value: ValueExpression): FilterExpression {
    return { kind: 'value', value, position: value.position };
  }

  private parseIdentifier(token: Token & { kind: 'identifier' }): FilterExpression {
    const position = token.position;
    const constant = (literal: Literal) => this.value(literal);
    switch (token.value) {
      case 'true':
      case 'false':
        return constant({
          kind: 'literal',
          type: 'boolean',
          value: token.value === 'true',
          position,
        });
      case 'null':
        return constant({ kind: 'literal', type: 'null', position });
      case 'NaN':
        return constant({ kind: 'literal', type: 'double', value: NaN, position });
      case 'INF':
        return constant({ kind: 'literal', type: 'double', value: Infinity, position });
    }
    if (KEYWORDS.has(token.value)) {
      throw this.error(token, `expected an expression but found '${token.value}'`);
    }
    if (this.isPunctuation(this.peek(), '(')) return this.parseFunction(token);
    if (token.value.includes('.')) {
      throw this.error(
        token,
        `'${token.value}' is not a field name; expected '(' after a function name`,
      );
    }
    const segments = [token.value];
    while (this.isPunctuation(this.peek(), '/')) {
      this.next();
      const segment = this.next();
      if (segment.kind !== 'identifier' || segment.value.includes('.')) {
        throw this.error(
          segment,
          `expected a field name or any/all after '/' but found ${describe(segment)}`,
        );
      }
      if (
        (segment.value === 'any' || segment.value === 'all') &&
        this.isPunctuation(this.peek(), '(')
      ) {
        return this.parseLambda({ kind: 'field', path: segments, position }, segment.value);
      }
      segments.push(segment.value);
    }
    return this.value({ kind: 'field', path: segments, position });
  }

  private parseLambda(collection: FieldReference, quantifier: 'any' | 'all'): FilterExpression {
    const open = this.expect('(', `after '${quantifier}'`);
    if (this.isPunctuation(this.peek(), ')')) {
      const close = this.next();
      if (quantifier === 'all') {
        throw this.error(close, "'all' needs a lambda expression, as in all(x: x ne 'value')");
      }
      return {
        kind: 'lambda',
        quantifier,
        collection,
        variable: undefined,
        body: undefined,
        position: collection.position,
      };
    }
    const variable = this.next();
    if (
      variable.kind !== 'identifier' ||
      variable.value.includes('.') ||
      KEYWORDS.has(variable.value)
    ) {
      throw this.error(
        variable,
        `expected a range variable name after '${quantifier}(' but found ${describe(variable)}`,
      );
    }
    this.expect(':', 'after the range variable');
    this.enter(open);
    const body = this.parseOr();
    this.expect(')', `to close '${quantifier}('`);
    this.leave();
    return {
      kind: 'lambda',
      quantifier,
      collection,
      variable: variable.value,
      body,
      position: collection.position,
    };
  }

  private parseFunction(name: Token & { kind: 'identifier' }): FilterExpression {
    const open = this.next();
    this.enter(open);
    let result: FilterExpression;
    switch (name.value) {
      case 'search.in':
        result = this.parseSearchIn(name);
        break;
      case 'search.ismatch':
      case 'search.ismatchscoring':
        result = this.parseIsMatch(name);
        break;
      case 'geo.distance':
      case 'geo.intersects':
        throw this.error(
          name,
          `the function '${name.value}' is not supported: these indexes have no geography fields`,
        );
      case 'search.score':
        throw this.error(name, 'search.score() belongs in $orderby, not in $filter');
      default:
        throw this.error(name, `unknown function '${name.value}'`);
    }
    this.leave();
    return result;
  }

  private stringArgument(functionName: string, ordinal: string): string {
    const token = this.next();
    if (token.kind !== 'string') {
      throw this.error(
        token,
        `the ${ordinal} argument of ${functionName} must be a string literal but found ${describe(token)}`,
      );
    }
    return token.value;
  }

  private parseSearchIn(name: Token & { kind: 'identifier' }): SearchInExpression {
    const fieldToken = this.next();
    if (
      fieldToken.kind !== 'identifier' ||
      fieldToken.value.includes('.') ||
      KEYWORDS.has(fieldToken.value)
    ) {
      throw this.error(
        fieldToken,
        `the first argument of search.in must be a field or range variable but found ${describe(fieldToken)}`,
      );
    }
    const path = [fieldToken.value];
    while (this.isPunctuation(this.peek(), '/')) {
      this.next();
      const segment = this.next();
      if (segment.kind !== 'identifier' || segment.value.includes('.')) {
        throw this.error(segment, `expected a field name after '/' but found ${describe(segment)}`);
      }
      path.push(segment.value);
    }
    this.expect(',', 'after the first argument of search.in');
    const list = this.stringArgument('search.in', 'second');
    let delimiters = DEFAULT_SEARCH_IN_DELIMITERS;
    if (this.isPunctuation(this.peek(), ',')) {
      this.next();
      const delimiterToken = this.peek();
      delimiters = this.stringArgument('search.in', 'third');
      if (delimiters === '')
        throw this.error(delimiterToken, 'the delimiters of search.in cannot be empty');
    }
    this.expect(')', 'to close search.in(');
    return {
      kind: 'searchIn',
      field: { kind: 'field', path, position: fieldToken.position },
      list,
      delimiters,
      position: name.position,
    };
  }

  private parseIsMatch(name: Token & { kind: 'identifier' }): SearchIsMatchExpression {
    const ordinals = ['first', 'second', 'third', 'fourth'] as const;
    const args: string[] = [this.stringArgument(name.value, 'first')];
    while (this.isPunctuation(this.peek(), ',')) {
      this.next();
      const ordinal = ordinals[args.length];
      if (ordinal === undefined)
        throw this.error(this.peek(), `${name.value} takes at most 4 arguments`);
      args.push(this.stringArgument(name.value, ordinal));
    }
    this.expect(')', `to close ${name.value}(`);
    return {
      kind: 'searchIsMatch',
      scoring: name.value === 'search.ismatchscoring',
      search: args[0] ?? '',
      searchFields: args[1],
      queryType: args[2],
      searchMode: args[3],
      position: name.position,
    };
  }
}
