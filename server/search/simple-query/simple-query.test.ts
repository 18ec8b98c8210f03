import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRequestError } from '../errors';
import {
  matchesSimpleQuery,
  parseSimpleQuery,
  simpleQueryToSql,
  type SimpleSearchOptions,
} from './index';
import { docsIndex, openDocsDb, toQuery, type TestDoc } from './test-fixture';

const docs: readonly TestDoc[] = [
  { id: '01', title: 'a' },
  { id: '02', title: 'b' },
  { id: '03', title: 'a b' },
  { id: '04', title: 'B A' },
  { id: '05', title: 'c', body: 'a' },
  { id: '06', title: 'c b' },
  { id: '07', title: 'ax' },
  { id: '08', title: 'c' },
  { id: '09', title: null, body: null, tags: null },
  { id: '10', tags: ['b', 'c'] },
];
const ALL = docs.map((d) => d.id);
const ids = (...n: number[]) => n.map((i) => String(i).padStart(2, '0'));

type Mode = SimpleSearchOptions['searchMode'];
/** [search text, expected ids under searchMode=any, expected ids under searchMode=all] */
const contract: readonly [string, readonly string[], readonly string[]][] = [
  ['a b', ids(1, 2, 3, 4, 5, 6, 10), ids(3, 4)],
  ['a +b', ids(3, 4), ids(3, 4)],
  // Azure: `-x` is expanded to `-x *`; under any that ORs in every document.
  ['a -b', ALL, ids(1, 5)],
  ['-b', ALL, ids(1, 5, 7, 8, 9)],
  ['"a b"', ids(3), ids(3)],
  ['a*', ids(1, 3, 4, 5, 7), ids(1, 3, 4, 5, 7)],
  ['(a|b)+c', ids(5, 6, 10), ids(5, 6, 10)],
  // `a\+b` is one word "a+b", which analysis splits into a, b: joined by the searchMode, in one field.
  ['a\\+b', ids(1, 2, 3, 4, 5, 6, 10), ids(3, 4)],
  ['\\+', [], []],
  ['\\-b', ids(2, 3, 4, 6, 10), ids(2, 3, 4, 6, 10)],
  ['*', ALL, ALL],
  ['', ALL, ALL],
  ['   ', ALL, ALL],
  // No precedence: textual order.
  ['a | b + c', ids(5, 6, 10), ids(5, 6, 10)],
  ['c + b | a', ids(1, 3, 4, 5, 6, 10), ids(1, 3, 4, 5, 6, 10)],
  // Lenient: operators without operands, unbalanced quotes and parentheses.
  ['+a', ids(1, 3, 4, 5), ids(1, 3, 4, 5)],
  ['a +', ids(1, 3, 4, 5), ids(1, 3, 4, 5)],
  ['a + | c', ids(5), ids(5)],
  ['"a b', ids(1, 2, 3, 4, 5, 6, 10), ids(3, 4)],
  ['(a b', ids(1, 2, 3, 4, 5, 6, 10), ids(3, 4)],
  ['a) b', ids(1, 2, 3, 4, 5, 6, 10), ids(3, 4)],
  ['- a', ids(1, 3, 4, 5), ids(1, 3, 4, 5)],
  ['--a', ids(1, 3, 4, 5), ids(1, 3, 4, 5)],
  ['!!!', [], []],
  ['C', ids(5, 6, 8, 10), ids(5, 6, 8, 10)],
  ['"b c"', ids(10), ids(10)],
  ['-(a|b)', ALL, ids(7, 8, 9)],
];

// One database for the file: starting PGlite takes seconds.
let db: Awaited<ReturnType<typeof openDocsDb>>;
beforeAll(async () => {
  db = await openDocsDb();
});
afterAll(() => db.close());

describe('simple query contract (Azure behaviour), TypeScript and SQL', () => {
  beforeAll(() => db.load(docs));

  for (const [text, any, all] of contract) {
    for (const [mode, expected] of [
      ['any', any],
      ['all', all],
    ] as const satisfies readonly (readonly [Mode, readonly string[]])[]) {
      it(`${JSON.stringify(text)} under searchMode=${mode}`, async () => {
        const query = parseSimpleQuery(text);
        const options = { searchFields: [], searchMode: mode } as const;
        const inTs = docs
          .filter((d) => matchesSimpleQuery(query, docsIndex, options, d))
          .map((d) => d.id);
        expect(inTs).toEqual(expected);
        const { where, score } = simpleQueryToSql(query, docsIndex, options);
        const rows = await db.select(where, score);
        expect(rows.map((r) => r.id)).toEqual(expected);
      });
    }
  }

  it('searches only the searchFields given', async () => {
    const query = parseSimpleQuery('a');
    const options = { searchFields: ['body'], searchMode: 'any' } as const;
    expect(
      docs.filter((d) => matchesSimpleQuery(query, docsIndex, options, d)).map((d) => d.id),
    ).toEqual(ids(5));
    const { where, score } = simpleQueryToSql(query, docsIndex, options);
    expect((await db.select(where, score)).map((r) => r.id)).toEqual(ids(5));
  });

  it('scores prefix-only and match-all queries 1.0, and ranks terms with ts_rank', async () => {
    for (const text of ['a*', '*', '-b']) {
      const { where, score } = simpleQueryToSql(parseSimpleQuery(text), docsIndex, {
        searchFields: [],
        searchMode: 'all',
      });
      const rows = await db.select(where, score);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.score === 1)).toBe(true);
    }
    const { where, score } = simpleQueryToSql(parseSimpleQuery('a -b'), docsIndex, {
      searchFields: [],
      searchMode: 'any',
    });
    const rows = await db.select(where, score);
    const scoreOf = (id: string) => rows.find((r) => r.id === id)?.score ?? NaN;
    expect(scoreOf('01')).toBeGreaterThan(0);
    expect(scoreOf('02')).toBe(0); // matched only by the `*` Azure adds to the negation
  });

  it('matches a number PostgreSQL keeps signed (covid-19) and phrases across it', async () => {
    await db.load([
      { id: '01', title: 'COVID-19 cases rise' },
      { id: '02', title: 'covid 2019' },
    ]);
    const options = { searchFields: [], searchMode: 'all' } as const;
    for (const [text, expected] of [
      ['covid-19', ids(1)],
      ['"covid 19 cases"', ids(1)],
      ['19*', ids(1)],
      ['20*', ids(2)],
    ] as const) {
      const { where, score } = simpleQueryToSql(parseSimpleQuery(text), docsIndex, options);
      expect((await db.select(where, score)).map((r) => r.id)).toEqual(expected);
    }
    await db.load(docs);
  });
});

describe('SQL and TypeScript agree, and hostile input stays parameterised', () => {
  const word = fc.constantFrom('a', 'b', 'c', 'ab', 'abc', 'ba', 'B', '19');
  const words = (max: number) => fc.array(word, { maxLength: max }).map((w) => w.join(' '));
  const docsArb = fc
    .array(
      fc.record({
        title: fc.option(words(5)),
        body: fc.option(words(4)),
        tags: fc.option(fc.array(words(3), { maxLength: 3 })),
      }),
      { minLength: 1, maxLength: 6 },
    )
    .map((ds) => ds.map((d, i): TestDoc => ({ id: String(i).padStart(2, '0'), ...d })));

  const { expr: queryArb } = fc.letrec<{ expr: string; unit: string }>((tie) => ({
    unit: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      word,
      fc.constantFrom('a*', 'ab*', 'b*', '1*', 'A\\*', 'a\\+b', '\\-b'),
      fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => `"${w.join(' ')}"`),
      tie('unit').map((u) => `-${u}`),
      tie('expr').map((e) => `(${e})`),
    ),
    expr: fc
      .tuple(
        tie('unit'),
        fc.array(fc.tuple(fc.constantFrom(' ', ' | ', ' + ', '|', '+', ' +-', ' '), tie('unit')), {
          maxLength: 3,
        }),
      )
      .map(([first, rest]) => first + rest.map(([op, u]) => op + u).join('')),
  }));
  const chaosArb = fc
    .array(fc.constantFrom('a', 'b', 'ab', ' ', '+', '|', '-', '"', '(', ')', '*', '\\'), {
      maxLength: 12,
    })
    .map((parts) => parts.join(''));

  const agree = async (docs: readonly TestDoc[], texts: readonly string[]) => {
    await db.load(docs);
    for (const text of texts) {
      const query = parseSimpleQuery(text);
      for (const searchMode of ['any', 'all'] as const) {
        const options = { searchFields: [], searchMode };
        const inTs = docs
          .filter((d) => matchesSimpleQuery(query, docsIndex, options, d))
          .map((d) => d.id);
        const { where, score } = simpleQueryToSql(query, docsIndex, options);
        const inSql = (await db.select(where, score)).map((r) => r.id);
        expect({ text, searchMode, ids: inSql }).toEqual({ text, searchMode, ids: inTs });
      }
    }
  };

  it('for random documents and queries from the grammar', async () => {
    await fc.assert(
      fc.asyncProperty(docsArb, fc.array(queryArb, { minLength: 1, maxLength: 3 }), agree),
      { numRuns: 60 },
    );
  });

  it('for random strings of operators and words', async () => {
    await fc.assert(
      fc.asyncProperty(docsArb, fc.array(chaosArb, { minLength: 1, maxLength: 3 }), agree),
      { numRuns: 60 },
    );
  });

  /** Everything user-supplied must be a bound parameter: strip what we emit, nothing may remain. */
  const expectParameterised = (fragment: SQL) => {
    const { sql: text, params } = toQuery(fragment);
    const rest = text
      .replace(/"(title|body|tags)_tsv"/g, '')
      .replace(/\$\d+/g, '')
      .replace(/\b(coalesce|ts_rank|tsquery|float8|false|true|not|and|or)\b/g, '');
    expect(rest).toMatch(/^[\s(),+:@0-9]*$/);
    for (const p of params) expect(typeof p).toBe('string');
  };

  const compileHostile = (text: string): SQL[] => {
    let query;
    try {
      query = parseSimpleQuery(text);
    } catch (e) {
      expect(e).toBeInstanceOf(SearchRequestError);
      return [];
    }
    return (['any', 'all'] as const).flatMap((searchMode) => {
      const options = { searchFields: [], searchMode };
      matchesSimpleQuery(query, docsIndex, options, { title: text, body: 'a b', tags: [text] });
      const { where, score } = simpleQueryToSql(query, docsIndex, options);
      expectParameterised(where);
      expectParameterised(score);
      return [sql`select count(*), sum(${score}) from simple_query_docs where ${where}`];
    });
  };

  const hostile = [
    "'); drop table simple_query_docs; --",
    "it's a 'quoted' \\'thing\\'",
    '\\',
    '\\\\\\',
    '"',
    '"""',
    '"a \\" b',
    'a & b | !c <-> d:* (e) <1> f:A ',
    "'a':* & !'b'",
    '!!(&|<->)',
    'x:*',
    '*a *',
    '-*',
    '**',
    'a**',
    'é ü 東京都 🦠 𝔘 e\u0301 İstanbul',
    '\u0000\u0001\u200b\ufeff',
    'covid-19 +-19 -- 3.14* u.s.*',
    '-(-(-(a)))',
    ')))(((',
    'a'.repeat(10_000),
    'ab '.repeat(3_333),
    '('.repeat(10_000),
    `${'('.repeat(60)}a${')'.repeat(60)}`,
    '"'.repeat(10_000),
    '\\'.repeat(10_000),
    '-'.repeat(10_000),
    '🦠'.repeat(5_000),
    `${'x'.repeat(999)}*`,
    `${'é'.repeat(12_000)}`,
  ];

  it('runs hostile inputs as valid, parameterised SQL', async () => {
    await db.load([{ id: '01', title: 'a b', body: "it's", tags: ['covid-19'] }]);
    for (const text of hostile) {
      for (const statement of compileHostile(text)) {
        const { sql: q, params } = toQuery(statement);
        await db.client.query(q, [...params]);
      }
    }
    const drop = compileHostile(hostile[0] ?? '');
    expect(drop.some((s) => /drop/i.test(toQuery(s).sql))).toBe(false);
  });

  it('never throws anything but SearchRequestError, and never inlines text', () => {
    const hostileChars = fc
      .array(
        fc.oneof(
          fc.constantFrom('&', '|', '!', ':', '*', '(', ')', '<', '>', '-', '+', '"', "'", '\\'),
          fc.constantFrom(' ', 'a', 'b', '1', 'é', '🦠', '\u0000', '$1', '::tsquery'),
          fc.string({ unit: 'grapheme', maxLength: 3 }),
        ),
        { maxLength: 40 },
      )
      .map((p) => p.join(''));
    fc.assert(
      fc.property(fc.oneof(hostileChars, fc.string({ unit: 'binary', maxLength: 60 })), (text) => {
        compileHostile(text);
      }),
      { numRuns: 300 },
    );
  });
});
