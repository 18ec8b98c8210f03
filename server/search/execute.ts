import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { FieldDefinition, IndexDefinition } from './index-definition';
import { fieldOf } from './index-definition';
import type { CountStrategy } from './count';
import { boundedCount, defaultExactCountBound, exactCount } from './count';
import { compileFilterWithScore } from './odata';
import type { SearchRequest } from './request';
import { maxPageSize, maxSkip } from './request';
import { parseSimpleQuery, simpleQueryToSql } from './simple-query';

export { exactCount, type CountStrategy };

/** A search document as Azure sends it: JSON values only. */
export type SearchDocument = Record<string, string | number | boolean | null | string[]>;

/** One page of results, before the HTTP layer names the members. */
export interface SearchResult {
  /** Present when the request asked for a count. */
  readonly count?: { readonly value: number; readonly approximate: boolean };
  readonly value: readonly (SearchDocument & { '@search.score': number })[];
  /**
   * The same documents as the in-process engine keeps them: each one's JSON object as UTF-8
   * bytes, without its score, and the scores; http.ts copies them into the answer as they are.
   */
  readonly serialised?: {
    readonly documents: readonly Buffer[];
    readonly scores: readonly number[];
  };
  /** The skip and top of the next request when $top exceeded the page maximum and more remain. */
  readonly next?: { readonly skip: number; readonly top: number };
}

export interface ExecuteOptions {
  /** Defaults to exact up to {@link defaultExactCountBound} matches, estimated above. */
  readonly count?: CountStrategy | undefined;
}

let defaultCount: CountStrategy | undefined;
/** Made on first use. */
const defaultCountStrategy = () =>
  (defaultCount ??= boundedCount({ bound: defaultExactCountBound }));

const scoreAlias = '@search.score';

/**
 * Runs a search: one parameterised SELECT for the page (selected columns, score, WHERE filter
 * AND search, ORDER BY, LIMIT/OFFSET) and, when asked, one count over the same WHERE.
 */
export async function executeSearch(
  db: Db,
  index: IndexDefinition,
  request: SearchRequest,
  options: ExecuteOptions = {},
): Promise<SearchResult> {
  const conditions: SQL[] = [];
  const scores: SQL[] = [];
  if (request.search !== undefined) {
    const compiled = simpleQueryToSql(parseSimpleQuery(request.search), index, {
      searchFields: request.searchFields ?? [],
      searchMode: request.searchMode,
    });
    conditions.push(compiled.where);
    scores.push(compiled.score);
  }
  if (request.filter !== undefined) {
    const compiled = compileFilterWithScore(request.filter, index);
    conditions.push(compiled.where);
    // search.ismatchscoring in a filter adds to the relevance, as in Azure.
    if (compiled.score !== undefined) scores.push(compiled.score);
  }
  const score = scores.length === 0 ? sql`1` : sql.join(scores, sql` + `);
  const ranked = scores.length > 0;
  const where = conditions.length === 0 ? undefined : sql.join(conditions, sql` and `);
  const pageSize = Math.min(request.top, maxPageSize);

  const page =
    pageSize === 0
      ? Promise.resolve([])
      : db
          .execute(
            sql`select ${selectList(request.select)}, (${score})::float8 as ${sql.identifier(scoreAlias)} from ${sql.identifier(index.table)}${whereClause(where)} order by ${orderByList(index, request, ranked)} limit ${pageSize} offset ${request.skip}`,
          )
          .then(rowsOf);
  const count = request.count
    ? (options.count ?? defaultCountStrategy())(db, index, where)
    : Promise.resolve(undefined);
  const [rows, total] = await Promise.all([page, count]);

  const value = rows.map((row) => ({
    [scoreAlias]: Number(row[scoreAlias]),
    ...documentOf(row, request.select),
  }));
  const nextSkip = request.skip + pageSize;
  const more =
    request.top > maxPageSize && value.length === pageSize && nextSkip <= maxSkip
      ? { skip: nextSkip, top: request.top - pageSize }
      : undefined;
  return {
    ...(total === undefined ? {} : { count: total }),
    value,
    ...(more === undefined ? {} : { next: more }),
  };
}

/** One document by key with the selected fields, or undefined. */
export async function lookupDocument(
  db: Db,
  index: IndexDefinition,
  key: string,
  select: readonly FieldDefinition[],
): Promise<SearchDocument | undefined> {
  const rows = rowsOf(
    await db.execute(
      sql`select ${selectList(select)} from ${sql.identifier(index.table)} where ${sql.identifier(index.key)} = ${key}`,
    ),
  );
  const row = rows[0];
  return row === undefined ? undefined : documentOf(row, select);
}

/** The number of documents in an index (docs/$count). */
export async function countDocuments(db: Db, index: IndexDefinition): Promise<number> {
  return (await exactCount(db, index, undefined)).value;
}

function whereClause(where: SQL | undefined): SQL {
  return where === undefined ? sql.empty() : sql` where ${where}`;
}

/** The SELECT list of the given fields (never empty). */
export function selectList(select: readonly FieldDefinition[]): SQL {
  // A $select of only unknown-free fields is never empty: parseSelect returns at least one.
  if (select.length === 0) return sql`1 as "__none"`;
  return sql.join(
    select.map((f) => sql.identifier(f.name)),
    sql`, `,
  );
}

/**
 * The ORDER BY: the $orderby clauses (nulls first ascending, last descending, as Azure sorts),
 * then score descending (Azure's tiebreak; first when there is no $orderby), then the key so
 * that paging is stable.
 */
function orderByList(index: IndexDefinition, request: SearchRequest, ranked: boolean): SQL {
  const terms: SQL[] = [];
  const score = sql.identifier(scoreAlias);
  let scoreOrdered = false;
  for (const clause of request.orderBy) {
    if (clause.kind === 'score') {
      if (scoreOrdered) continue;
      scoreOrdered = true;
      terms.push(clause.descending ? sql`${score} desc` : sql`${score} asc`);
    } else {
      const column = orderColumn(clause.field);
      terms.push(
        clause.descending ? sql`${column} desc nulls last` : sql`${column} asc nulls first`,
      );
    }
  }
  // Without search every score is 1: ordering by it would only cost.
  if (!scoreOrdered && ranked) terms.push(sql`${score} desc`);
  const key = fieldOf(index, index.key);
  if (!request.orderBy.some((c) => c.kind === 'field' && c.field === key)) {
    terms.push(
      key === undefined ? sql`${sql.identifier(index.key)} asc` : sql`${orderColumn(key)} asc`,
    );
  }
  return sql.join(terms, sql`, `);
}

/**
 * A column to order by: strings by code point (`COLLATE "C"`), as `$filter` compares them and
 * the in-process engine sorts, whatever the database's collation; keyset paging of the article
 * index ("sorts after" in `$filter`) needs the order and the comparison to agree.
 */
function orderColumn(field: FieldDefinition): SQL {
  const column = sql.identifier(field.name);
  return field.type === 'Edm.String' ? sql`${column} collate "C"` : sql`${column}`;
}

/**
 * The document's JSON text built by the database, as documentOf and JSON.stringify write it
 * (the same members in $select order, no spaces, dates in isoUtc's form, a missing collection as
 * []): a page of 100 articles with their bodies costs about half as much read this way as row
 * objects turned into JSON in JavaScript (issue 18). Values of years beyond 9999 would differ.
 */
export function documentJsonSql(select: readonly FieldDefinition[]): SQL {
  if (select.length === 0) return sql`'{}'`;
  const members = select.map((f, i) => {
    const column = sql.identifier(f.name);
    const value = jsonValueSql(f, column);
    const name = `${i === 0 ? '{' : ','}${JSON.stringify(f.name)}:`;
    return sql`${name}::text || ${value}`;
  });
  return sql`(${sql.join(members, sql` || `)} || '}')`;
}

function jsonValueSql(field: FieldDefinition, column: ReturnType<typeof sql.identifier>): SQL {
  switch (field.type) {
    case 'Edm.DateTimeOffset':
      return sql`coalesce(to_json(regexp_replace(to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '[.]000Z$', 'Z'))::text, 'null')`;
    case 'Edm.Double':
      // JSON.stringify writes NaN and the infinities as null.
      return sql`case when ${column} is null or ${column} in ('NaN'::float8, 'Infinity'::float8, '-Infinity'::float8) then 'null' else to_json(${column})::text end`;
    case 'Collection(Edm.String)':
      return sql`coalesce(to_json(${column})::text, '[]')`;
    default:
      return sql`coalesce(to_json(${column})::text, 'null')`;
  }
}

/** A row as Azure types its fields: ISO UTC dates, numbers for Int64, arrays for collections. */
export function documentOf(
  row: Record<string, unknown>,
  select: readonly FieldDefinition[],
): SearchDocument {
  const document: SearchDocument = {};
  for (const field of select) document[field.name] = jsonValueOf(field, row[field.name]);
  return document;
}

function jsonValueOf(field: FieldDefinition, value: unknown): SearchDocument[string] {
  if (value === null || value === undefined) {
    return field.type === 'Collection(Edm.String)' ? [] : null;
  }
  switch (field.type) {
    case 'Edm.DateTimeOffset':
      return isoUtc(value instanceof Date ? value : new Date(String(value)));
    case 'Edm.Int32':
    case 'Edm.Int64':
    case 'Edm.Double':
      return Number(value);
    case 'Edm.Boolean':
      return value === true || value === 't' || value === 'true';
    case 'Collection(Edm.String)':
      return Array.isArray(value) ? value.map(String) : [];
    case 'Edm.String':
      return String(value);
  }
}

/** Azure's form: 2024-05-06T12:30:05.451Z, or without fractions when they are zero. */
function isoUtc(date: Date): string {
  return date.toISOString().replace('.000Z', 'Z');
}
