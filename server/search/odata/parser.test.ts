import { describe, expect, it } from 'vitest';
import { SearchRequestError } from '../errors';
import type { FilterExpression } from './ast';
import { MAX_FILTER_DEPTH, MAX_FILTER_LENGTH, parseFilter } from './parser';

/** A compact rendering of the tree, to assert on structure. */
function show(node: FilterExpression): string {
  switch (node.kind) {
    case 'and':
    case 'or':
      return `(${node.operands.map(show).join(` ${node.kind} `)})`;
    case 'not':
      return `(not ${show(node.operand)})`;
    case 'value':
      return node.value.kind === 'field' ? node.value.path.join('/') : showLiteral(node.value);
    case 'comparison': {
      const side = (v: typeof node.left) =>
        v.kind === 'field' ? v.path.join('/') : showLiteral(v);
      return `[${side(node.left)} ${node.operator} ${side(node.right)}]`;
    }
    case 'searchIn':
      return `in(${node.field.path.join('/')}, ${JSON.stringify(node.list)}, ${JSON.stringify(node.delimiters)})`;
    case 'searchIsMatch':
      return `ismatch(${JSON.stringify([node.search, node.searchFields, node.queryType, node.searchMode])})`;
    case 'lambda':
      return `${node.collection.path.join('/')}/${node.quantifier}(${node.variable ?? ''}${node.body ? `: ${show(node.body)}` : ''})`;
  }
}

function showLiteral(
  literal: FilterExpression & { kind: 'value' } extends { value: infer V } ? V : never,
): string {
  if (literal.kind !== 'literal') return literal.path.join('/');
  switch (literal.type) {
    case 'null':
      return 'null';
    case 'string':
      return JSON.stringify(literal.value);
    case 'dateTimeOffset':
      return `@${new Date(literal.value).toISOString()}`;
    case 'int':
      return `${literal.text}i`;
    default:
      return String(literal.value);
  }
}

const parsed = (text: string) => show(parseFilter(text));

function syntaxErrorOf(text: string): SearchRequestError {
  try {
    parseFilter(text);
  } catch (error) {
    if (error instanceof SearchRequestError) return error;
    throw error;
  }
  throw new Error(`expected '${text}' to be rejected`);
}

describe('parseFilter: precedence', () => {
  it('binds not tighter than comparisons, comparisons than and, and than or', () => {
    expect(parsed('a or b and c')).toBe('(a or (b and c))');
    expect(parsed('a and b or c and d')).toBe('((a and b) or (c and d))');
    expect(parsed('not a and b')).toBe('((not a) and b)');
    expect(parsed('not (a and b)')).toBe('(not (a and b))');
    expect(parsed("x eq 1 and y ne 'z' or not w")).toBe('(([x eq 1i] and [y ne "z"]) or (not w))');
    expect(parsed('(a or b) and c')).toBe('((a or b) and c)');
    expect(parsed('not not a')).toBe('(not (not a))');
  });

  it('flattens chains of one connective', () => {
    const ast = parseFilter('a and b and c and d');
    expect(ast.kind === 'and' && ast.operands.length).toBe(4);
  });

  it("rejects 'not Rating gt 5' as Azure does, and accepts 'not (Rating gt 5)'", () => {
    const error = syntaxErrorOf('not Rating gt 5');
    expect(error.message).toContain('position 11');
    expect(error.message).toContain('not (a gt b)');
    expect(parsed('not (Rating gt 5)')).toBe('(not [Rating gt 5i])');
  });

  it('allows the constant on either side', () => {
    expect(parsed('5 lt Rating')).toBe('[5i lt Rating]');
    expect(parsed('null eq x')).toBe('[null eq x]');
  });

  it('rejects chained comparisons', () => {
    expect(syntaxErrorOf('a eq 1 eq 2').message).toContain('position 7');
  });
});

describe('parseFilter: literals', () => {
  it("unescapes '' inside strings", () => {
    expect(parsed("t eq 'it''s'")).toBe('[t eq "it\'s"]');
    expect(parsed("t eq ''''")).toBe('[t eq "\'"]');
    expect(parsed("t eq ''")).toBe('[t eq ""]');
    expect(parsed("t eq 'a b, (c) and or not eq 1'")).toBe('[t eq "a b, (c) and or not eq 1"]');
    expect(parsed("t eq 'ünï 😀'")).toBe('[t eq "ünï 😀"]');
  });

  it('reads DateTimeOffset literals with Z or an offset, normalised to UTC', () => {
    expect(parsed('d gt 2019-05-06T12:30:05.451Z')).toBe('[d gt @2019-05-06T12:30:05.451Z]');
    expect(parsed('d gt 2019-05-06T12:30:05.451-08:00')).toBe('[d gt @2019-05-06T20:30:05.451Z]');
    expect(parsed('d gt 2019-05-06T01:00:00+05:30')).toBe('[d gt @2019-05-05T19:30:00.000Z]');
    expect(parsed('d gt 2019-05-06T12:30Z')).toBe('[d gt @2019-05-06T12:30:00.000Z]');
    expect(parsed('d gt 2019-05-06T12:30:05.4519999Z')).toBe('[d gt @2019-05-06T12:30:05.451Z]');
    expect(parsed('d gt 2020-02-29T00:00:00Z')).toBe('[d gt @2020-02-29T00:00:00.000Z]');
  });

  it('rejects malformed or impossible dates, with the position', () => {
    for (const text of [
      'd gt 2019-02-29T00:00:00Z',
      'd gt 2019-13-01T00:00:00Z',
      'd gt 2019-01-01T24:00:00Z',
      'd gt 2019-01-01',
      'd gt 2019-01-01T00:00:00',
      'd gt 2019-01-01T00:00:00+15:00',
      'd gt 0000-01-01T00:00:00Z',
    ]) {
      expect(syntaxErrorOf(text).message, text).toContain('position 5');
    }
  });

  it('reads numbers, keeping Int64 exact and promoting larger integers to Double', () => {
    expect(parsed('n eq 42')).toBe('[n eq 42i]');
    expect(parsed('n eq -42')).toBe('[n eq -42i]');
    expect(parsed('n eq 9223372036854775807')).toBe('[n eq 9223372036854775807i]');
    expect(parsed('n eq -9223372036854775808')).toBe('[n eq -9223372036854775808i]');
    expect(parsed('n eq 9223372036854775808')).toBe('[n eq 9223372036854776000]');
    expect(parsed('n eq 1.5')).toBe('[n eq 1.5]');
    expect(parsed('n eq -2.5e-3')).toBe('[n eq -0.0025]');
    expect(parsed('n eq NaN')).toBe('[n eq NaN]');
    expect(parsed('n lt INF')).toBe('[n lt Infinity]');
    expect(parsed('n gt -INF')).toBe('[n gt -Infinity]');
    expect(syntaxErrorOf('n eq 1e999').message).toContain('out of range');
    expect(syntaxErrorOf('n eq 12abc').message).toContain('position 5');
    expect(syntaxErrorOf('n eq 1.').message).toContain('position 5');
  });

  it('reads booleans and null', () => {
    expect(parsed('true')).toBe('true');
    expect(parsed('b eq false')).toBe('[b eq false]');
    expect(parsed('x ne null')).toBe('[x ne null]');
  });
});

describe('parseFilter: functions and lambdas', () => {
  it('reads search.in with default and custom delimiters', () => {
    expect(parsed("search.in(f, 'a,b c')")).toBe('in(f, "a,b c", " ,")');
    expect(parsed("search.in(f, 'a|b', '|')")).toBe('in(f, "a|b", "|")');
    expect(syntaxErrorOf("search.in(f, 'a', '')").message).toContain('cannot be empty');
    expect(syntaxErrorOf('search.in(f, 1)').message).toContain('position 13');
    expect(syntaxErrorOf("search.in('f', 'a')").message).toContain('position 10');
  });

  it('reads search.ismatch and search.ismatchscoring with up to four arguments', () => {
    expect(parsed("search.ismatch('flu*')")).toBe('ismatch(["flu*",null,null,null])');
    expect(parsed("not search.ismatchscoring('a', 'x,y', 'simple', 'all')")).toBe(
      '(not ismatch(["a","x,y","simple","all"]))',
    );
    expect(syntaxErrorOf("search.ismatch('a','b','c','d','e')").message).toContain('at most 4');
  });

  it('reads any and all lambdas and any()', () => {
    expect(parsed("tags/any(t: t eq 'x' or search.in(t, 'A|B', '|'))")).toBe(
      'tags/any(t: ([t eq "x"] or in(t, "A|B", "|")))',
    );
    expect(parsed("tags/all(t: t ne 'x' and not search.in(t, 'a'))")).toBe(
      'tags/all(t: ([t ne "x"] and (not in(t, "a", " ,"))))',
    );
    expect(parsed('tags/any()')).toBe('tags/any()');
    expect(parsed('not tags/any()')).toBe('(not tags/any())');
    expect(syntaxErrorOf('tags/all()').message).toContain('position 9');
    expect(syntaxErrorOf('tags/any(t t)').message).toContain('position 11');
  });

  it('reads field paths', () => {
    expect(parsed("a/b/c eq 'x'")).toBe('[a/b/c eq "x"]');
  });

  it('rejects what Azure does not support', () => {
    expect(syntaxErrorOf("f in ('a', 'b')").message).toContain("'in' operator is not supported");
    expect(syntaxErrorOf('n add 1 eq 2').message).toContain("'add' is not supported");
    expect(syntaxErrorOf("geo.distance(loc, geography'POINT(0 0)') lt 5").message).toContain(
      'geo.distance',
    );
    expect(syntaxErrorOf('search.score() gt 1').message).toContain('$orderby');
    expect(syntaxErrorOf("contains(f, 'a')").message).toContain("unknown function 'contains'");
    expect(syntaxErrorOf('A AND B').message).toContain('position 2');
  });
});

describe('parseFilter: errors', () => {
  const bad = [
    '',
    '   ',
    "isRead eq 'x",
    'isRead eq',
    'eq 1',
    '(a',
    'a)',
    'a eq 1 and',
    'and',
    'not',
    'a eq not b',
    '(a) eq (b eq 1)',
    'a eq b c',
    'a , b',
    '@',
    "x eq 'a\u0000b'",
    "x eq '\ud800'",
    'tags/any(',
    'tags/any(t:',
    'tags/any(t: t eq 1',
    'tags/ eq 1',
    'search.in',
    'search.in(',
    'x.y eq 1',
    'n eq -',
    'n eq --1',
    'n eq - INF',
    'd eq 2019-01-01T00:00:00Zx',
  ];

  it.each(bad)('rejects %j with a 400 that gives a position in range', (text) => {
    const error = syntaxErrorOf(text);
    expect(error.status).toBe(400);
    expect(error.parameter).toBe('$filter');
    expect(error.message).toMatch(/^Invalid expression: /);
    const match = /position (\d+)/.exec(error.message);
    expect(match, error.message).not.toBeNull();
    const position = Number(match?.[1]);
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThanOrEqual(text.length);
  });

  it('gives the position of the offending token', () => {
    expect(syntaxErrorOf('isRead eq tru and (').message).toBe(
      "Invalid expression: Syntax error at position 19 in 'isRead eq tru and (': unexpected end of the filter; expected an expression.",
    );
    expect(syntaxErrorOf("a eq 'x' b").message).toContain('position 9');
  });

  it('limits nesting depth and length with a clear message', () => {
    const nested = (n: number) => `${'('.repeat(n)}a${')'.repeat(n)}`;
    expect(parsed(nested(MAX_FILTER_DEPTH))).toBe('a');
    expect(syntaxErrorOf(nested(MAX_FILTER_DEPTH + 1)).message).toContain('nested too deeply');
    expect(syntaxErrorOf(`${'not '.repeat(MAX_FILTER_DEPTH + 1)}a`).message).toContain(
      'nested too deeply',
    );
    expect(syntaxErrorOf(nested(100_000)).message).toContain('too long');
    const long = Array.from({ length: 2500 }, (_, i) => `a eq ${i}`).join(' or ');
    expect(long.length).toBeLessThan(MAX_FILTER_LENGTH);
    expect(parseFilter(long).kind).toBe('or');
    expect(syntaxErrorOf(`a eq '${'x'.repeat(MAX_FILTER_LENGTH)}'`).message).toContain('too long');
  });

  it('quotes a long filter only around the error', () => {
    const text = `${'a eq 1 and '.repeat(200)})`;
    const message = syntaxErrorOf(text).message;
    expect(message.length).toBeLessThan(300);
    expect(message).toContain(`position ${text.length - 1}`);
  });
});
