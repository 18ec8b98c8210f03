import { describe, expect, it } from 'vitest';
import {
  escapeSimpleSyntax,
  odataString,
  readingOfEverything,
  translateSearchText,
} from './search-text';

const fields = "'articleId,articleTitle,diseaseNames,locationNames,articleBody'";
const not = (query: string) => `not search.ismatch(${query}, ${fields})`;

describe('translateSearchText', () => {
  it.each([
    ['cholera', 'cholera*', [], 'Showing articles matching cholera*'],
    ['cholera ebola', 'cholera* | ebola*', [], 'Showing articles matching cholera* OR ebola*'],
    ['cholera +ebola', 'cholera* + ebola*', [], 'Showing articles matching cholera* AND ebola*'],
    ['cholera+ebola', 'cholera* + ebola*', [], 'Showing articles matching cholera* AND ebola*'],
    ['a | b', 'a* | b*', [], 'Showing articles matching a* OR b*'],
    [
      'cholera ebola -vaccine',
      'cholera* | ebola*',
      [not("'vaccine*'")],
      'Showing articles matching (cholera* OR ebola*) AND NOT vaccine*',
    ],
    ['a -b', 'a*', [not("'b*'")], 'Showing articles matching a* AND NOT b*'],
    ['-b', '*', [not("'b*'")], 'Showing articles matching NOT b*'],
    ['-a -b', '*', [not("'a*'"), not("'b*'")], 'Showing articles matching NOT a* AND NOT b*'],
    ['"yellow fever"', '"yellow fever"', [], 'Showing articles matching "yellow fever"'],
    ['"a"', '"a"', [], 'Showing articles matching "a"'],
    [
      'fever -"yellow fever"',
      'fever*',
      [not(`'"yellow fever"'`)],
      'Showing articles matching fever* AND NOT "yellow fever"',
    ],
    ['+"bird flu" h5n1', '"bird flu" | h5n1*', [], 'Showing articles matching "bird flu" OR h5n1*'],
  ])('%s', (text, search, negated, reading) => {
    expect(translateSearchText(text)).toEqual({ search, negatedFilters: negated, reading });
  });

  it('reads left to right, parenthesising where the operator changes (no precedence)', () => {
    expect(translateSearchText('a b +c d').search).toBe('((a* | b*) + c*) | d*');
    expect(translateSearchText('a +b +c').search).toBe('a* + b* + c*');
    expect(translateSearchText('a b +c d').reading).toBe(
      'Showing articles matching ((a* OR b*) AND c*) OR d*',
    );
  });

  it('the first operand’s operator means nothing: +a b is a OR b', () => {
    expect(translateSearchText('+a b').search).toBe('a* | b*');
  });

  it.each(['', '   ', '\t\n', '+', '-', '|', '+ - |', '"', '""', '" "', '!!!', '"!!"', '***', '*'])(
    'nothing searchable: %j searches everything',
    (text) => {
      expect(translateSearchText(text)).toEqual({
        search: '*',
        negatedFilters: [],
        reading: readingOfEverything,
      });
    },
  );

  it('stray operators: trailing ones are dropped, lone ones apply to the next term', () => {
    expect(translateSearchText('a +').search).toBe('a*');
    expect(translateSearchText('a -').negatedFilters).toEqual([]);
    expect(translateSearchText('a - b')).toMatchObject({
      search: 'a*',
      negatedFilters: [not("'b*'")],
    });
    expect(translateSearchText('a + b').search).toBe('a* + b*');
    expect(translateSearchText('--a').negatedFilters).toEqual([not("'a*'")]);
    expect(translateSearchText('+-a').negatedFilters).toEqual([not("'a*'")]);
    expect(translateSearchText('-+a').negatedFilters).toEqual([not("'a*'")]);
    expect(translateSearchText('a ++ b').search).toBe('a* + b*');
  });

  it('a lone or unclosed quote is dropped and the rest read as terms', () => {
    expect(translateSearchText('"cholera').search).toBe('cholera*');
    expect(translateSearchText('cholera "ebola virus').search).toBe('cholera* | ebola* | virus*');
    expect(translateSearchText('a "b c" "d').search).toBe('a* | "b c" | d*');
  });

  it('does not double a typed wildcard', () => {
    expect(translateSearchText('chol*').search).toBe('chol*');
    expect(translateSearchText('chol**').search).toBe('chol*');
  });

  it('splits a term where the analyzer splits words, each piece a prefix, ANDed', () => {
    expect(translateSearchText('covid-19')).toMatchObject({
      search: '(covid* + 19*)',
      reading: 'Showing articles matching (covid* AND 19*)',
    });
    expect(translateSearchText('-covid-19').negatedFilters).toEqual([not("'(covid* + 19*)'")]);
    expect(translateSearchText('h5n1').search).toBe('h5n1*');
    expect(translateSearchText('a(b)').search).toBe('(a* + b*)');
  });

  it('escapes operator characters in terms and quotes for OData', () => {
    expect(translateSearchText("don't").search).toBe("don\\'t*");
    expect(translateSearchText("-don't").negatedFilters).toEqual([not("'don\\''t*'")]);
    expect(translateSearchText('-"children\'s hospital"').negatedFilters).toEqual([
      not(`'"children''s hospital"'`),
    ]);
    expect(translateSearchText('"a \\ b"').search).toBe('"a \\\\ b"');
  });

  it('keeps unicode letters, marks and digits', () => {
    expect(translateSearchText('São Paulo').search).toBe('São* | Paulo*');
    expect(translateSearchText('-北京').negatedFilters).toEqual([not("'北京*'")]);
    expect(translateSearchText('"Côte d’Ivoire"').search).toBe('"Côte d’Ivoire"');
    expect(translateSearchText('naïve 🦠').search).toBe('naïve*');
  });

  it('folds whitespace inside a phrase', () => {
    expect(translateSearchText('"  bird \t flu  "').search).toBe('"bird flu"');
  });
});

describe('escaping helpers', () => {
  it('odataString doubles quotes', () => {
    expect(odataString("it's")).toBe("'it''s'");
    expect(odataString('')).toBe("''");
  });
  it('escapeSimpleSyntax escapes operators with a backslash', () => {
    expect(escapeSimpleSyntax('a+b|c"d(e)f\'g\\h-i*')).toBe(
      'a\\+b\\|c\\"d\\(e\\)f\\\'g\\\\h\\-i\\*',
    );
  });
});
