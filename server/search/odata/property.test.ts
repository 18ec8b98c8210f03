import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRequestError } from '../errors';
import type { EdmType, FieldDefinition } from '../index-definition';
import { compileFilter, evaluateFilter, parseAndCheckFilter } from './index';
import { tokenize } from './lexer';
import { createDocTable, fillDocTable, matchingRows, testIndex } from './testing/doc-table';

const dialect = new PgDialect();
const RUNS = 200;

// ---------------------------------------------------------------------------------------------
// Values, shared by documents and filter constants so that comparisons often hit.

const hasNoLoneSurrogate = (s: string) => !/\p{Cs}/u.test(s);
const STRINGS = [
  'Flu',
  'flu',
  'FLU',
  'a',
  'A',
  'b',
  '',
  ' ',
  'x y',
  "it's",
  'É',
  'e\u0301',
  '😀',
  '\ue000',
  'Z',
  'zz',
  '1',
  ';',
  '--',
  'a,b',
  'a|b',
];
const stringArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...STRINGS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 5 }) },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: 'binary', maxLength: 4 })
      .filter((s) => !s.includes('\u0000') && hasNoLoneSurrogate(s)),
  },
);
const int32Arb = fc.oneof(
  fc.constantFrom(0, 1, -1, 2, 2147483647, -2147483648),
  fc.integer({ min: -3, max: 3 }),
  fc.integer(),
);
const int64Arb = fc.oneof(
  fc.constantFrom(0, 1, -1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
  fc.integer({ min: -3, max: 3 }),
  fc.maxSafeInteger(),
);
const doubleArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(0, -0, 1, 1.5, -1.5, 2, NaN, NaN, Infinity, -Infinity, 1e300),
  },
  { weight: 1, arbitrary: fc.double() },
);
const DATES = ['2019-05-06T20:30:05.451Z', '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.001Z'];
const dateArb = fc.oneof(
  fc.constantFrom(...DATES).map((iso) => new Date(iso)),
  fc.date({
    min: new Date('0001-01-02T00:00:00Z'),
    max: new Date('9999-12-30T23:59:59.999Z'),
    noInvalidDate: true,
  }),
);
const collectionArb = fc.array(stringArb, { maxLength: 3 });

function valueArb(type: EdmType): fc.Arbitrary<unknown> {
  switch (type) {
    case 'Edm.String':
      return stringArb;
    case 'Edm.Int32':
      return int32Arb;
    case 'Edm.Int64':
      return int64Arb;
    case 'Edm.Double':
      return doubleArb;
    case 'Edm.Boolean':
      return fc.boolean();
    case 'Edm.DateTimeOffset':
      return dateArb;
    case 'Collection(Edm.String)':
      return collectionArb;
  }
}

/** A document: every field may be null or missing. */
const docArb: fc.Arbitrary<Record<string, unknown>> = fc.record(
  Object.fromEntries(
    testIndex.fields.map((f) => [
      f.name,
      fc.oneof(
        { weight: 4, arbitrary: valueArb(f.type) },
        { weight: 1, arbitrary: fc.constant(null) },
      ),
    ]),
  ),
  { requiredKeys: [] },
);

// ---------------------------------------------------------------------------------------------
// Well-typed filters, as text.

const quoted = (s: string) => `'${s.replaceAll("'", "''")}'`;
const pad2 = (n: number) => String(n).padStart(2, '0');

/** A DateTimeOffset literal for a date, written in UTC or with an offset. */
function dateLiteral(date: Date, offsetMinutes: number): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000);
  const year = local.getUTCFullYear();
  if (offsetMinutes === 0 || year < 1 || year > 9999) return date.toISOString();
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local.toISOString().slice(0, -1)}${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

function doubleLiteral(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'INF';
  if (x === -Infinity) return '-INF';
  return String(x);
}

function literalArb(type: EdmType): fc.Arbitrary<string> {
  switch (type) {
    case 'Edm.String':
      return stringArb.map(quoted);
    case 'Edm.Int32':
    case 'Edm.Int64':
    case 'Edm.Double':
      return fc.oneof(int32Arb.map(String), int64Arb.map(String), doubleArb.map(doubleLiteral));
    case 'Edm.Boolean':
      return fc.boolean().map(String);
    case 'Edm.DateTimeOffset':
      return fc
        .tuple(dateArb, fc.constantFrom(0, 0, 60, -480, 330, -59, 840, -840))
        .map(([d, offset]) => dateLiteral(d, offset));
    case 'Collection(Edm.String)':
      throw new Error('no collection literals');
  }
}

const filterable = testIndex.fields.filter((f) => f.filterable);
const scalarFields = filterable.filter((f) => f.type !== 'Collection(Edm.String)');
const stringFields = filterable.filter((f) => f.type === 'Edm.String');
const booleanFields = filterable.filter((f) => f.type === 'Edm.Boolean');
const collectionFields = filterable.filter((f) => f.type === 'Collection(Edm.String)');
const operatorArb = fc.constantFrom('eq', 'ne', 'gt', 'lt', 'ge', 'le');

const scalarTypes = [...new Set(scalarFields.map((f) => f.type))];
// Pick the type first: the only Double and Int64 fields would otherwise be rare.
const comparisonArb = fc
  .constantFrom(...scalarTypes)
  .chain((type) => fc.constantFrom(...scalarFields.filter((f) => f.type === type)))
  .chain((field: FieldDefinition) =>
    fc.tuple(
      fc.constant(field.name),
      field.type === 'Edm.Boolean' ? fc.constantFrom('eq', 'ne') : operatorArb,
      literalArb(field.type),
      fc.boolean(),
    ),
  )
  .map(([name, op, literal, flip]) =>
    flip ? `${literal} ${op} ${name}` : `${name} ${op} ${literal}`,
  );

const nullCheckArb = fc
  .tuple(fc.constantFrom(...scalarFields), fc.constantFrom('eq', 'ne'), fc.boolean())
  .map(([f, op, flip]) => (flip ? `null ${op} ${f.name}` : `${f.name} ${op} null`));

const listArb = fc
  .tuple(
    fc.array(stringArb, { maxLength: 4 }),
    fc.constantFrom(undefined, ' ', ',', '|', ';', ', '),
  )
  .map(([values, delimiter]) =>
    delimiter === undefined
      ? `${quoted(values.join(' '))}`
      : `${quoted(values.join(delimiter))}, ${quoted(delimiter)}`,
  );

const searchInArb = fc
  .tuple(fc.constantFrom(...stringFields), listArb)
  .map(([f, list]) => `search.in(${f.name}, ${list})`);

const lambdaArb = fc
  .tuple(
    fc.constantFrom(...collectionFields),
    fc.constantFrom('d', 'x', 'isRead'),
    fc.constantFrom('any', 'all', 'empty'),
    fc.array(fc.tuple(fc.constantFrom('compare', 'flipped', 'in'), stringArb, listArb), {
      minLength: 1,
      maxLength: 3,
    }),
  )
  .map(([field, v, quantifier, items]) => {
    if (quantifier === 'empty') return `${field.name}/any()`;
    const op = quantifier === 'any' ? 'eq' : 'ne';
    const parts = items.map(([kind, value, list]) => {
      if (kind === 'in') return `${quantifier === 'all' ? 'not ' : ''}search.in(${v}, ${list})`;
      return kind === 'compare' ? `${v} ${op} ${quoted(value)}` : `${quoted(value)} ${op} ${v}`;
    });
    return `${field.name}/${quantifier}(${v}: ${parts.join(quantifier === 'any' ? ' or ' : ' and ')})`;
  });

const constantArb = fc.constantFrom(
  'true',
  'false',
  'null eq null',
  "'a' eq 'a'",
  '1 lt 2.5',
  'NaN ne NaN',
);
const booleanFieldArb = fc.constantFrom(...booleanFields).map((f) => f.name);
const isMatchArb = fc
  .tuple(
    stringArb.filter((s) => /^[a-z]+$/i.test(s)),
    fc.constantFrom('any', 'all'),
  )
  .map(([term, mode]) => `search.ismatch(${quoted(term)}, 'articleTitle', 'simple', '${mode}')`);

const leafArb = fc.oneof(
  { weight: 5, arbitrary: comparisonArb },
  { weight: 2, arbitrary: nullCheckArb },
  { weight: 2, arbitrary: searchInArb },
  { weight: 3, arbitrary: lambdaArb },
  { weight: 2, arbitrary: booleanFieldArb },
  { weight: 1, arbitrary: constantArb },
  { weight: 1, arbitrary: isMatchArb },
);

const filterArb: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafArb,
    tie('node').map((x) => `not (${x})`),
    fc
      .array(tie('node'), { minLength: 2, maxLength: 3 })
      .map((xs) => xs.map((x) => `(${x})`).join(' and ')),
    fc
      .array(tie('node'), { minLength: 2, maxLength: 3 })
      .map((xs) => xs.map((x) => `(${x})`).join(' or ')),
    // Unparenthesised: comparisons bind tighter than and, and than or.
    fc.tuple(leafArb, leafArb, leafArb).map(([a, b, c]) => `${a} and ${b} or ${c}`),
  ),
})).node;

// ---------------------------------------------------------------------------------------------
// Hostile input.

const FRAGMENTS = [
  "'",
  "''",
  ';',
  '--',
  "'; drop table x; --",
  'drop table x',
  '/*',
  '$$',
  '"',
  '\\',
  '$1',
  '::text',
  'isRead',
  'articleTitle',
  'summary',
  'diseaseNames',
  'articleFeed',
  'weight',
  'views',
  'publishedDate',
  'eq',
  'ne',
  'gt',
  'le',
  'and',
  'or',
  'not',
  'in',
  '(',
  ')',
  ',',
  ':',
  '/',
  'any',
  'all',
  'any()',
  'search.in(',
  'search.ismatch(',
  'search.ismatchscoring(',
  'geo.distance(',
  'd',
  'd:',
  "'x'",
  "'a|b'",
  "'|'",
  '1e999',
  '99999999999999999999999',
  '-9223372036854775809',
  '-',
  '0.5',
  'NaN',
  'INF',
  '-INF',
  '2019-05-06T12:30:05.451Z',
  '2019-02-30T00:00:00Z',
  '9999-12-31T23:59:59.999-14:00',
  '😀',
  '\u0000',
  '\ud800',
  'null',
  'true',
  'True',
  ' ',
  '\t\n',
];
const hostileArb = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 25 }).map((parts) => parts.join(' ')),
  fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 25 }).map((parts) => parts.join('')),
  fc.integer({ min: 1, max: 400 }).map((n) => `${'('.repeat(n)}isRead${')'.repeat(n)}`),
  fc.integer({ min: 1, max: 400 }).map((n) => `${'not '.repeat(n)}isRead`),
  fc
    .integer({ min: 1, max: 400 })
    .map((n) => `${'diseaseNames/any(d: '.repeat(n)}d eq 'x'${')'.repeat(n)}`),
  fc
    .integer({ min: 1, max: 500 })
    .map((n) => Array.from({ length: n }, () => "articleTitle eq 'x'").join(' or ')),
  // A well-typed filter with one character inserted or deleted.
  fc
    .tuple(filterArb, fc.nat(), fc.constantFrom(...FRAGMENTS), fc.boolean())
    .map(([text, at, fragment, insert]) => {
      const i = at % (text.length + 1);
      return insert
        ? text.slice(0, i) + fragment + text.slice(i)
        : text.slice(0, i) + text.slice(i + 1);
    }),
);

// ---------------------------------------------------------------------------------------------
// What a safe query looks like.

const SQL_WORDS = new Set([
  'AND',
  'OR',
  'NOT',
  'IS',
  'NULL',
  'TRUE',
  'FALSE',
  'ANY',
  'ALL',
  'COLLATE',
  'coalesce',
  'cardinality',
  'text',
  'boolean',
  'timestamptz',
  'float8',
  'bigint',
  'CASE',
  'WHEN',
  'THEN',
  'ELSE',
  'END',
]);
const IDENTIFIERS = new Set([
  ...testIndex.fields.map((f) => f.name),
  ...testIndex.fields.filter((f) => f.searchable).map((f) => `${f.name}_tsv`),
  'C',
]);

/**
 * The query text is built only from the index's identifiers, placeholders and fixed SQL: no
 * quotes or comments can open, and no string constant of the filter appears in it.
 */
function expectSafeSql(filter: string, where: SQL): void {
  const { sql: text, params } = dialect.sqlToQuery(where);
  expect(text).not.toMatch(/;|--|\/\*|\$\$/);
  const withoutIdentifiers = text.replace(/"((?:[^"]|"")*)"/g, (_, name: string) => {
    expect(IDENTIFIERS, `identifier ${name}`).toContain(name);
    return ' ';
  });
  const bare = withoutIdentifiers.replace(/\$\d+/g, ' ');
  const usesIsMatch = filter.includes('search.ismatch');
  if (!usesIsMatch) {
    expect(bare).not.toContain("'");
    expect(bare).toMatch(/^[A-Za-z0-9_ ()=<>&:,[\]+]*$/);
    for (const word of bare.match(/[A-Za-z_][A-Za-z_0-9]*/g) ?? [])
      expect(SQL_WORDS).toContain(word);
    expect(params.length).toBe((text.match(/\$\d+/g) ?? []).length);
  }
  const vocabulary = [...SQL_WORDS, ...IDENTIFIERS].join(' ');
  for (const token of tokenize(filter)) {
    if (token.kind === 'string' && token.value.length >= 3 && !vocabulary.includes(token.value)) {
      expect(text).not.toContain(token.value);
    }
  }
}

describe('property: the filter compiler', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await createDocTable(db, testIndex);
  });
  afterAll(async () => {
    await db.close();
  });

  it('answers random and hostile input with SQL or a 400, never anything else, and only parameterised SQL', async () => {
    await fillDocTable(db, testIndex, [{}, { isRead: true, diseaseNames: ['x'] }]);
    await fc.assert(
      fc.asyncProperty(hostileArb, async (text) => {
        let where: SQL;
        try {
          where = compileFilter(text, testIndex);
        } catch (error) {
          expect(error).toBeInstanceOf(SearchRequestError);
          const e = error as SearchRequestError;
          expect(e.status).toBe(400);
          expect(e.parameter).toBe('$filter');
          expect(e.message).toMatch(/^Invalid expression: /);
          return;
        }
        expectSafeSql(text, where);
        // And PostgreSQL accepts what was compiled.
        await matchingRows(db, testIndex, where);
      }),
      { numRuns: 400 },
    );
  });

  const agrees = async (docs: Record<string, unknown>[], text: string) => {
    const ast = parseAndCheckFilter(text, testIndex);
    const where = compileFilter(text, testIndex);
    expectSafeSql(text, where);
    await fillDocTable(db, testIndex, docs);
    const expected = docs.flatMap((doc, row) => (evaluateFilter(ast, doc, testIndex) ? [row] : []));
    expect(await matchingRows(db, testIndex, where)).toEqual(expected);
  };

  it('matches, for single conditions and their negations, the documents evaluateFilter matches', async () => {
    const conditionArb = fc
      .tuple(fc.oneof(comparisonArb, leafArb), fc.boolean())
      .map(([leaf, negate]) => (negate ? `not (${leaf})` : leaf));
    await fc.assert(
      fc.asyncProperty(fc.array(docArb, { minLength: 1, maxLength: 20 }), conditionArb, agrees),
      { numRuns: RUNS },
    );
  });

  it('matches, in SQL on a real table, the documents evaluateFilter matches in TypeScript', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(docArb, { maxLength: 10 }), filterArb, async (docs, text) => {
        const ast = parseAndCheckFilter(text, testIndex);
        const where = compileFilter(text, testIndex);
        expectSafeSql(text, where);
        await fillDocTable(db, testIndex, docs);
        const expected = docs.flatMap((doc, row) =>
          evaluateFilter(ast, doc, testIndex) ? [row] : [],
        );
        expect(await matchingRows(db, testIndex, where)).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });
});
