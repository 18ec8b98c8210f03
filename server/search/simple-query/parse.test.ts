import { describe, expect, it } from 'vitest';
import { SearchRequestError } from '../errors';
import { articlesIndex } from '../index-definition';
import { analyze, matchesSimpleQuery, parseSimpleQuery, simpleQueryToSql } from './index';

describe('parseSimpleQuery', () => {
  it('builds the textual-order tree with the negation expansion', () => {
    expect(parseSimpleQuery('a -b').root).toEqual({
      kind: 'sequence',
      first: { kind: 'term', tokens: ['a'] },
      rest: [
        { operator: 'default', operand: { kind: 'not', operand: { kind: 'term', tokens: ['b'] } } },
        { operator: 'default', operand: { kind: 'matchAll' } },
      ],
    });
    expect(parseSimpleQuery('Wi*').root).toEqual({ kind: 'prefix', prefix: 'wi' });
    expect(parseSimpleQuery('"One"').root).toEqual({ kind: 'term', tokens: ['one'] });
    expect(parseSimpleQuery('"a\\" b"').root).toEqual({ kind: 'phrase', tokens: ['a', 'b'] });
    expect(parseSimpleQuery('a\\*').root).toEqual({ kind: 'term', tokens: ['a'] });
    expect(parseSimpleQuery('()').root).toEqual({ kind: 'matchNone' });
  });

  it('refuses over-limit input with SearchRequestError on search', () => {
    const refused = [
      'a'.repeat(100_001),
      'a '.repeat(1_025),
      `${'x'.repeat(1_001)}*`,
      `${'('.repeat(100)}a${')'.repeat(100)}`,
      'a+b|'.repeat(100),
    ];
    for (const text of refused) {
      const error: unknown = (() => {
        try {
          parseSimpleQuery(text);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(SearchRequestError);
      expect((error as SearchRequestError).parameter).toBe('search');
    }
    expect(() => parseSimpleQuery('a '.repeat(1_024))).not.toThrow();
    expect(() => parseSimpleQuery('('.repeat(50_000))).not.toThrow();
  });
});

describe('searchFields', () => {
  const query = parseSimpleQuery('a');
  it.each([
    ['nope', "Unknown field 'nope' in search field list."],
    ['sourceUrl', "The field 'sourceUrl' in the search field list is not searchable."],
  ])('rejects %s', (name, message) => {
    const options = { searchFields: [name], searchMode: 'any' } as const;
    for (const run of [
      () => simpleQueryToSql(query, articlesIndex, options),
      () => matchesSimpleQuery(query, articlesIndex, options, {}),
    ]) {
      expect(run).toThrow(SearchRequestError);
      expect(run).toThrow(message);
      try {
        run();
      } catch (e) {
        expect((e as SearchRequestError).parameter).toBe('searchFields');
      }
    }
  });
});

describe('analyze', () => {
  it('lowercases word tokens, keeping inner dots as PostgreSQL does', () => {
    expect(analyze('Wi-Fi in the U.S. costs 3.14; ÉCOLE_Straße')).toEqual([
      'wi',
      'fi',
      'in',
      'the',
      'u.s',
      'costs',
      '3.14',
      'école',
      'straße',
    ]);
    expect(analyze('!!! -- ...')).toEqual([]);
    expect(analyze('x'.repeat(600)).map((t) => t.length)).toEqual([255, 255, 90]);
  });
});
