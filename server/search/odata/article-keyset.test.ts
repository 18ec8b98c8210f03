import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  articleSortKeys,
  searchAfterClause,
  type ArticleCursor,
} from '@domain/article-search/keyset';
import { articleSortColumns, type ArticleSort } from '@domain/article-search/query';
import { articlesIndex } from '../index-definition';
import { evaluateFilter, parseAndCheckFilter } from './index';

/**
 * The keyset clause ("sorts after the cursor") against an oracle written from Azure's sort
 * rules alone (nulls first ascending, last descending; false before true; strings by code
 * point; the key last), evaluated by the `$filter` reference evaluator with Azure's null rules.
 */

interface Row {
  readonly articleId: string;
  readonly isRead: boolean | null;
  readonly insertedDate: string | null;
  readonly publishedDate: string | null;
  readonly articleTitle: string | null;
  readonly sourceCategory: string | null;
  readonly sourceGroup: string | null;
  readonly sourcePriority: string | null;
  readonly createdBy: string | null;
}

/** Few distinct values, so ties (and null ties) happen all the time. */
const text = fc.option(fc.constantFrom('', 'A', 'a', 'B', "it's", 'Zé', 'é', 'ab'), {
  nil: null,
});
const date = fc.option(
  fc.constantFrom(
    '2024-01-01T00:00:00.000Z',
    '2024-01-01T00:00:00.001Z',
    '2025-06-30T12:00:00.000Z',
  ),
  { nil: null },
);
const row: fc.Arbitrary<Row> = fc.record({
  articleId: fc.constantFrom('1', '2', '10', '9', 'x'),
  isRead: fc.option(fc.boolean(), { nil: null }),
  insertedDate: date,
  publishedDate: date,
  articleTitle: text,
  sourceCategory: text,
  sourceGroup: text,
  sourcePriority: text,
  createdBy: text,
});
const sort: fc.Arbitrary<ArticleSort> = fc.record({
  column: fc.constantFrom(...articleSortColumns),
  direction: fc.constantFrom('asc', 'desc'),
});

type Value = string | boolean | null;

/** Azure's order of one key's values, ascending (nulls first). */
function compareAscending(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === false ? -1 : 1;
  const [x, y] = [Array.from(a), Array.from(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** The oracle: does `r` sort after the cursor? (Descending reverses, nulls then go last.) */
function sortsAfter(s: ArticleSort, r: Row, cursor: ArticleCursor): boolean {
  const keys = articleSortKeys(s);
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i];
    if (key === undefined) break;
    const order = compareAscending(r[key.field], cursor[i] ?? null);
    if (order !== 0) return key.descending ? order < 0 : order > 0;
  }
  return false;
}

const asDocument = (r: Row) => ({
  ...r,
  insertedDate: r.insertedDate === null ? null : new Date(r.insertedDate),
  publishedDate: r.publishedDate === null ? null : new Date(r.publishedDate),
});

describe('the article keyset clause', () => {
  it('selects exactly the rows that sort after the cursor, for every sort and null', () => {
    fc.assert(
      fc.property(sort, row, fc.array(row, { maxLength: 20 }), (s, at, rows) => {
        const cursor = articleSortKeys(s).map((key) => at[key.field]);
        const clause = searchAfterClause(articleSortKeys(s), cursor);
        if (clause === undefined) throw new Error('no clause');
        // Checked as Azure checks it: no gt/lt on Booleans, no null in a range comparison.
        const ast = parseAndCheckFilter(clause, articlesIndex);
        for (const r of [at, ...rows]) {
          expect(evaluateFilter(ast, asDocument(r)), `${clause} on ${JSON.stringify(r)}`).toBe(
            sortsAfter(s, r, cursor),
          );
        }
      }),
      { seed: 14, numRuns: 400 },
    );
  });

  it('refuses a cursor that does not fit the sort (starts from the top instead)', () => {
    const keys = articleSortKeys({ column: 'isRead', direction: 'asc' });
    expect(searchAfterClause(keys, ['x', null, '1'])).toBeUndefined();
    expect(searchAfterClause(keys, [true, 'not a date', '1'])).toBeUndefined();
    expect(searchAfterClause(keys, [true, null, null])).toBeUndefined();
    expect(searchAfterClause(keys, [true, null])).toBeUndefined();
  });
});
