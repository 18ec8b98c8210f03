import type { ArticleSearchDocument } from './article-document';
import type { ArticleSort, ArticleSortColumn } from './sort';
import { odataString } from './search-text';

/**
 * Keyset paging of the article index ("search after"): the next page is the first 100 articles
 * that sort after the last one shown, written in `$filter`, so no article is skipped or shown
 * twice while rows change between pages (a `$skip` over a result set that shrank as articles
 * were read skipped as many unread ones). It works on a real Azure AI Search index: only
 * comparisons, `eq null` / `ne null` and and/or are used, Booleans are compared with eq only
 * (Azure refuses gt/lt on Edm.Boolean), and the null rules are Azure's (a null field fails
 * gt/lt/ge/le and eq, passes ne; nulls sort first ascending and last descending).
 */

/** A sort key of the article index: an index field, its type and direction. */
export interface ArticleSortKey {
  readonly field: ArticleSortColumn | 'articleId';
  readonly type: 'string' | 'date' | 'boolean';
  readonly descending: boolean;
}

/** The last row's values of the sort keys, in key order (plain data: crosses Comlink). */
export type ArticleCursor = readonly (string | boolean | null)[];

const typeOf = (column: ArticleSortColumn | 'articleId'): ArticleSortKey['type'] =>
  column === 'isRead'
    ? 'boolean'
    : column === 'insertedDate' || column === 'publishedDate'
      ? 'date'
      : 'string';

/**
 * The full order of a sort: the chosen column, then insertedDate descending (spec 000 §7), then
 * the key ascending, which makes the order total: Azure breaks remaining ties by score and then
 * in no set order, so without it the same cursor could point between two equal rows.
 */
export function articleSortKeys(sort: ArticleSort): ArticleSortKey[] {
  const keys: ArticleSortKey[] = [
    { field: sort.column, type: typeOf(sort.column), descending: sort.direction === 'desc' },
  ];
  if (sort.column !== 'insertedDate') {
    keys.push({ field: 'insertedDate', type: 'date', descending: true });
  }
  keys.push({ field: 'articleId', type: 'string', descending: false });
  return keys;
}

/** `$orderby` of the keys: a 'desc' suffix when descending. */
export function orderByKeys(keys: readonly ArticleSortKey[]): string {
  return keys.map((key) => (key.descending ? `${key.field} desc` : key.field)).join(',');
}

/** The cursor after `article` for this sort. */
export function cursorOf(sort: ArticleSort, article: ArticleSearchDocument): ArticleCursor {
  return articleSortKeys(sort).map((key) => article[key.field]);
}

const dateTimeOffset = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,7})?)?(Z|[+-]\d\d:\d\d)$/;

/** A literal of the key's type. */
function literal(key: ArticleSortKey, value: string | boolean): string {
  if (key.type === 'boolean') return value === true ? 'true' : 'false';
  if (key.type === 'date') {
    // The document's own text when it is a DateTimeOffset literal: eq must meet the stored value.
    const text = String(value);
    return dateTimeOffset.test(text) ? text : new Date(text).toISOString();
  }
  return odataString(String(value));
}

/** Rows whose key equals `value` (null included). */
function equalTo(key: ArticleSortKey, value: string | boolean | null): string {
  return `${key.field} eq ${value === null ? 'null' : literal(key, value)}`;
}

const orJoin = (parts: readonly string[]) =>
  parts.length === 1 ? (parts[0] as string) : `(${parts.join(' or ')})`;

/**
 * Rows whose key sorts strictly after `value`, or undefined when none can. Ascending: nulls
 * first, so after null is `ne null` and after a value is `gt` (a null field fails gt).
 * Descending: nulls last, so after a value is `lt` or null, and nothing comes after null.
 * Booleans (false < true) are written with eq.
 */
function strictlyAfter(key: ArticleSortKey, value: string | boolean | null): string | undefined {
  const { field } = key;
  if (key.type === 'boolean') {
    const order: (boolean | null)[] = key.descending ? [true, false, null] : [null, false, true];
    const later = order.slice(order.indexOf(value === null ? null : value === true) + 1);
    return later.length === 0 ? undefined : orJoin(later.map((v) => equalTo(key, v)));
  }
  if (!key.descending)
    return value === null ? `${field} ne null` : `${field} gt ${literal(key, value)}`;
  if (value === null) return undefined;
  return `(${field} lt ${literal(key, value)} or ${field} eq null)`;
}

/**
 * The `$filter` clause "sorts after the cursor" for these keys:
 * after(k1) or (k1 = v1 and (after(k2) or (k2 = v2 and …))). Undefined when the cursor does
 * not fit the keys (another sort's cursor) — the caller then starts from the top.
 */
export function searchAfterClause(
  keys: readonly ArticleSortKey[],
  cursor: ArticleCursor,
): string | undefined {
  if (cursor.length !== keys.length || !cursor.every((v, i) => fits(keys[i], v))) return undefined;
  let clause: string | undefined;
  for (let i = keys.length - 1; i >= 0; i -= 1) {
    const key = keys[i] as ArticleSortKey;
    const value = cursor[i] ?? null;
    const after = strictlyAfter(key, value);
    const tail = clause === undefined ? undefined : `(${equalTo(key, value)} and ${clause})`;
    const parts = [after, tail].filter((p): p is string => p !== undefined);
    clause = parts.length === 0 ? 'false' : orJoin(parts);
  }
  return clause;
}

/** Whether a cursor value has the key's type (a date must parse). */
function fits(key: ArticleSortKey | undefined, value: string | boolean | null): boolean {
  if (key === undefined) return false;
  if (value === null) return key.field !== 'articleId';
  if (key.type === 'boolean') return typeof value === 'boolean';
  if (typeof value !== 'string') return false;
  return key.type === 'string' || !Number.isNaN(new Date(value).getTime());
}
