import { PGlite } from '@electric-sql/pglite';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRequestError } from '../errors';
import { articlesIndex, locationsIndex, type IndexDefinition } from '../index-definition';
import {
  compileFilter,
  compileFilterWithScore,
  evaluateFilter,
  parseAndCheckFilter,
} from './index';
import { createDocTable, fillDocTable, matchingRows, testIndex } from './testing/doc-table';

const dialect = new PgDialect();
function query(text: string, index: IndexDefinition = articlesIndex) {
  const { sql, params } = dialect.sqlToQuery(compileFilter(text, index));
  return { sql, params };
}

function rejection(text: string, index: IndexDefinition = articlesIndex): string {
  try {
    compileFilter(text, index);
  } catch (error) {
    expect(error).toBeInstanceOf(SearchRequestError);
    const e = error as SearchRequestError;
    expect(e.parameter).toBe('$filter');
    expect(e.status).toBe(400);
    return e.message;
  }
  throw new Error(`expected '${text}' to be rejected`);
}

describe('checkFilter', () => {
  it('names unknown fields as Azure does', () => {
    expect(rejection("foo eq 'x'")).toBe(
      "Invalid expression: Could not find a property named 'foo' on type 'search.document'.",
    );
    expect(rejection('True')).toBe(
      "Invalid expression: Could not find a property named 'True' on type 'search.document'.",
    );
    expect(rejection("isRead/x eq 'x'")).toContain("named 'x' on type 'Edm.Boolean'");
    expect(rejection("search.in(nope, 'a')")).toContain("named 'nope'");
    expect(rejection("diseaseNames/any(d: x eq 'a')")).toContain('range variable');
  });

  it('rejects fields that are not filterable', () => {
    expect(rejection("summary eq 'x'")).toBe(
      "Invalid expression: The field 'summary' at position 0 is not a filterable field. Only filterable fields can be used in filter expressions.",
    );
    expect(rejection("isRead and search.in(articleBody, 'a')")).toContain("'articleBody'");
  });

  it('rejects incompatible types', () => {
    expect(rejection('articleTitle eq 5')).toContain('Edm.String');
    expect(rejection("articleFeed eq '5'")).toContain('Edm.Int32');
    expect(rejection('isRead eq 1')).toContain('Edm.Boolean');
    expect(rejection("publishedDate gt '2020-01-01'")).toContain('Edm.DateTimeOffset');
    expect(rejection('publishedDate gt 2020')).toContain('Edm.DateTimeOffset');
    expect(rejection('isRead gt false')).toContain("'gt'");
    expect(rejection('articleFeed gt null')).toContain('null');
    expect(rejection('null le articleFeed')).toContain('null');
    expect(rejection("1 eq 'a'")).toContain('compares');
    expect(rejection('articleTitle eq sourceUrl')).toContain('two fields');
    expect(rejection('articleTitle')).toContain('Edm.Boolean fields');
    expect(rejection("'x'")).toContain('must be Boolean');
    expect(rejection('null')).toContain('must be Boolean');
    expect(rejection("search.in(articleFeed, '1 2')")).toContain('Edm.String');
  });

  it('reaches collections only through any/all', () => {
    expect(rejection("diseaseNames eq 'x'")).toContain('diseaseNames/any');
    expect(rejection("search.in(diseaseNames, 'a')")).toContain('diseaseNames/any');
    expect(rejection("articleTitle/any(t: t eq 'x')")).toContain('not a collection');
  });

  it("enforces Azure's lambda bodies for string collections", () => {
    const ok = [
      "diseaseNames/any(d: d eq 'x')",
      "diseaseNames/any(d: 'x' eq d or search.in(d, 'a|b', '|') or (d eq 'y'))",
      "diseaseNames/all(d: d ne 'x' and not search.in(d, 'a b'))",
      "not diseaseNames/all(d: 'x' ne d)",
      'diseaseNames/any()',
    ];
    for (const text of ok) expect(() => compileFilter(text, articlesIndex), text).not.toThrow();
    const bad: [string, string][] = [
      ["diseaseNames/any(d: d ne 'x')", "'ne' is used"],
      ["diseaseNames/any(d: d eq 'x' and d eq 'y')", "'and' is used"],
      ["diseaseNames/all(d: d eq 'x')", "'eq' is used"],
      ["diseaseNames/all(d: d ne 'x' or d ne 'y')", "'or' is used"],
      ["diseaseNames/all(d: search.in(d, 'a'))", 'negated'],
      ["diseaseNames/any(d: not search.in(d, 'a'))", "'not'"],
      ["diseaseNames/all(d: not (d eq 'a'))", "'not'"],
      ["diseaseNames/any(d: d gt 'a')", "'gt' is used"],
      ['diseaseNames/any(d: d eq 1)', 'string constant'],
      ['diseaseNames/any(d: isRead)', 'bare value'],
      ["diseaseNames/any(d: articleTitle eq 'x')", 'range variable'],
      ["diseaseNames/any(d: search.ismatch('x'))", 'search.ismatch'],
      ["diseaseNames/any(d: search.in(articleTitle, 'x'))", 'range variable'],
      ["diseaseNames/any(d: locationNames/any(l: l eq 'x'))", 'nested'],
    ];
    for (const [text, reason] of bad) {
      const message = rejection(text);
      expect(message, text).toContain(reason);
      expect(message, text).toMatch(/position \d+/);
    }
  });

  it('does not let range variables escape their lambda', () => {
    expect(rejection("diseaseNames/any(d: d eq 'x') and d eq 'y'")).toContain(
      "Could not find a property named 'd'",
    );
  });

  it('checks against the index it is given', () => {
    expect(() =>
      compileFilter('population gt 1000 and not isDuplicate', locationsIndex),
    ).not.toThrow();
    expect(rejection('population gt 1000')).toContain("'population'");
  });

  it('validates search.ismatch arguments', () => {
    expect(rejection("search.ismatch('a', 'sourceUrl')")).toContain('not searchable');
    expect(rejection("search.ismatch('a', 'nope')")).toContain("named 'nope'");
    expect(rejection("search.ismatch('a', 'summary', 'full')")).toContain("'full'");
    expect(rejection("search.ismatch('a', 'summary', 'simple', 'some')")).toContain('search mode');
  });
});

describe('filterToSql', () => {
  it('puts every constant in a parameter, with a type', () => {
    expect(query('isRead eq true')).toEqual({ sql: '"isRead" = $1::boolean', params: [true] });
    expect(query("articleTitle eq 'it''s'")).toEqual({
      sql: '"articleTitle" = $1::text',
      params: ["it's"],
    });
    expect(query('articleFeed ge 3')).toEqual({
      sql: '"articleFeed" >= $1::bigint',
      params: ['3'],
    });
    expect(query('3 gt articleFeed')).toEqual({ sql: '"articleFeed" < $1::bigint', params: ['3'] });
    expect(query('articleFeed lt 2.5')).toEqual({
      sql: '"articleFeed" < $1::float8',
      params: ['2.5'],
    });
    expect(query('publishedDate lt 2019-05-06T12:30:05.451-08:00')).toEqual({
      sql: '"publishedDate" < $1::timestamptz',
      params: ['2019-05-06T20:30:05.451Z'],
    });
    expect(query("articleTitle gt 'b'")).toEqual({
      sql: '"articleTitle" > $1::text COLLATE "C"',
      params: ['b'],
    });
  });

  it('compiles null rules and negations to two-valued SQL', () => {
    expect(query('isRead').sql).toBe('"isRead" IS TRUE');
    expect(query('not isRead').sql).toBe('"isRead" IS NOT TRUE');
    expect(query('createdBy eq null').sql).toBe('"createdBy" IS NULL');
    expect(query('not (createdBy eq null)').sql).toBe('"createdBy" IS NOT NULL');
    expect(query("createdBy ne 'x'").sql).toBe('("createdBy" IS NULL OR "createdBy" <> $1::text)');
    expect(query("not (createdBy eq 'x')").sql).toBe(
      '("createdBy" IS NULL OR NOT ("createdBy" = $1::text))',
    );
    expect(query("not (createdBy ne 'x')").sql).toBe('"createdBy" = $1::text');
    expect(query('not (isRead or articleFeed eq 1)').sql).toBe(
      '("isRead" IS NOT TRUE AND ("articleFeed" IS NULL OR NOT ("articleFeed" = $1::bigint)))',
    );
    expect(query('articleFeed eq NaN').sql).toBe('FALSE');
    expect(query('articleFeed ne NaN').sql).toBe('TRUE');
    expect(query('null eq null').sql).toBe('TRUE');
    expect(query("null ne 'a'").sql).toBe('TRUE');
  });

  it('compiles search.in to one array parameter', () => {
    expect(query("search.in(sourceGroup, 'a, b,,c d')")).toEqual({
      sql: '"sourceGroup" = ANY($1::text[])',
      params: [['a', 'b', 'c', 'd']],
    });
    expect(query("not search.in(sourceGroup, 'a|b c', '|')")).toEqual({
      sql: '("sourceGroup" IS NULL OR "sourceGroup" <> ALL($1::text[]))',
      params: [['a', 'b c']],
    });
  });

  it('compiles collection lambdas to array overlap', () => {
    expect(query("diseaseNames/any(d: d eq 'x' or search.in(d, 'A|B', '|'))")).toEqual({
      sql: '"diseaseNames" && $1::text[]',
      params: [['x', 'A', 'B']],
    });
    expect(query("diseaseNames/all(d: d ne 'x' and not search.in(d, 'X|Y', '|'))")).toEqual({
      sql: '("diseaseNames" IS NULL OR NOT ("diseaseNames" && $1::text[]))',
      params: [['x', 'X', 'Y']],
    });
    expect(query('diseaseNames/any()').sql).toBe('cardinality("diseaseNames") > 0');
    expect(query('not diseaseNames/any()').sql).toBe(
      'coalesce(cardinality("diseaseNames"), 0) = 0',
    );
  });

  it('never puts a literal into the query text', () => {
    const hostile = `'; drop table x; --`;
    const escaped = hostile.replaceAll("'", "''");
    const { sql: text, params } = query(
      `articleTitle eq '${escaped}' or search.in(createdBy, '${escaped}', ';') or diseaseNames/any(d: d eq '${escaped}')`,
    );
    expect(text).not.toContain('drop');
    expect(text).not.toContain(';');
    expect(text).not.toContain("'");
    expect(params).toContain(hostile);
  });

  it('adds the score of search.ismatchscoring clauses', () => {
    expect(compileFilterWithScore('isRead', articlesIndex).score).toBeUndefined();
    const { score } = compileFilterWithScore(
      "search.ismatchscoring('flu') and not search.ismatchscoring('cold')",
      articlesIndex,
    );
    expect(score).toBeDefined();
  });
});

const day = (iso: string) => new Date(iso);
/** Documents over every type, with nulls, NaN, empty and missing collections. */
const docs: Readonly<Record<string, unknown>>[] = [
  {
    articleTitle: 'Flu',
    articleFeed: 1,
    isRead: true,
    publishedDate: day('2020-01-01T00:00:00Z'),
    diseaseNames: ['Flu', 'Measles'],
    views: 10,
    weight: 1.5,
  },
  {
    articleTitle: 'flu',
    articleFeed: 2,
    isRead: false,
    publishedDate: day('2021-06-01T12:00:00Z'),
    diseaseNames: [],
    views: 9007199254740991,
    weight: NaN,
  },
  { articleTitle: null, articleFeed: null, isRead: null, publishedDate: null, diseaseNames: null },
  {
    articleTitle: 'Éclair',
    articleFeed: -5,
    isRead: true,
    publishedDate: day('2019-05-06T20:30:05.451Z'),
    diseaseNames: ['Cholera'],
    weight: Infinity,
  },
  { articleTitle: 'Zebra', articleFeed: 2147483647, diseaseNames: ['Flu'], weight: -Infinity },
];

describe('SQL and evaluateFilter agree with Azure on a real table', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await createDocTable(db, testIndex);
    await fillDocTable(db, testIndex, docs);
  });
  afterAll(async () => {
    await db.close();
  });

  const cases: [string, number[]][] = [
    ['isRead', [0, 3]],
    ['not isRead', [1, 2, 4]],
    ['isRead eq false', [1]],
    ['isRead ne true', [1, 2, 4]],
    ['isRead eq null', [2, 4]],
    ["articleTitle eq 'flu'", [1]],
    ["articleTitle ne 'flu'", [0, 2, 3, 4]],
    ["articleTitle gt 'Z'", [1, 3, 4]],
    ["not (articleTitle gt 'Z')", [0, 2]],
    ["articleTitle lt 'a'", [0, 4]],
    ['articleFeed gt 1', [1, 4]],
    ['articleFeed le 1', [0, 3]],
    ['not (articleFeed le 1)', [1, 2, 4]],
    ['articleFeed lt INF', [0, 1, 3, 4]],
    ['articleFeed eq NaN', []],
    ['articleFeed ne NaN', [0, 1, 2, 3, 4]],
    ['articleFeed ge 2147483647.0', [4]],
    ['weight gt 1', [0, 3]],
    ['weight ge -INF', [0, 3, 4]],
    ['not (weight gt 1)', [1, 2, 4]],
    ['weight ne 1.5', [1, 2, 3, 4]],
    ['weight lt INF', [0, 4]],
    ['weight eq INF', [3]],
    ['views eq 9007199254740991', [1]],
    ['views gt 9007199254740990', [1]],
    ['publishedDate ge 2019-05-06T12:30:05.451-08:00', [0, 1, 3]],
    ['publishedDate gt 2019-05-06T12:30:05.451-08:00', [0, 1]],
    ['publishedDate lt 2020-06-01T00:00:00+02:00', [0, 3]],
    ["search.in(articleTitle, 'flu Zebra')", [1, 4]],
    ["not search.in(articleTitle, 'flu,Zebra')", [0, 2, 3]],
    ["diseaseNames/any(d: d eq 'Flu')", [0, 4]],
    ["diseaseNames/any(d: search.in(d, 'Measles|Cholera', '|'))", [0, 3]],
    ["diseaseNames/all(d: d ne 'Flu')", [1, 2, 3]],
    ["not diseaseNames/all(d: d ne 'Flu')", [0, 4]],
    ["diseaseNames/all(d: not search.in(d, 'Flu Cholera'))", [1, 2]],
    ['diseaseNames/any()', [0, 3, 4]],
    ['not diseaseNames/any()', [1, 2]],
    ['null eq null', [0, 1, 2, 3, 4]],
    ['false or articleFeed eq 1', [0]],
    ['not (isRead and articleFeed gt 0) and articleTitle ne null', [1, 3, 4]],
  ];

  it.each(cases)('%s', async (text, expected) => {
    const ast = parseAndCheckFilter(text, testIndex);
    expect(await matchingRows(db, testIndex, compileFilter(text, testIndex))).toEqual(expected);
    const evaluated = docs.flatMap((doc, row) => (evaluateFilter(ast, doc) ? [row] : []));
    expect(evaluated).toEqual(expected);
  });

  it('runs search.ismatch through the simple-query module', async () => {
    const text = "search.ismatch('flu', 'articleTitle')";
    const ast = parseAndCheckFilter(text, testIndex);
    const rows = await matchingRows(db, testIndex, compileFilter(text, testIndex));
    const evaluated = docs.flatMap((doc, row) =>
      evaluateFilter(ast, doc, testIndex) ? [row] : [],
    );
    expect(rows).toEqual(evaluated);
    expect(rows).toContain(1);
  });
});
