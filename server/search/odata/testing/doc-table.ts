import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  articlesIndex,
  type EdmType,
  type FieldDefinition,
  type IndexDefinition,
} from '../../index-definition';

/**
 * Tests only: the articles index plus an Int64 and a Double field, so the filter tests cover
 * every column type the storage uses (the real indexes have no Double field).
 */
export const testIndex: IndexDefinition = {
  ...articlesIndex,
  name: 'odata_prop',
  table: 'odata_prop_docs',
  fields: [
    ...articlesIndex.fields,
    {
      name: 'views',
      type: 'Edm.Int64',
      key: false,
      searchable: false,
      filterable: true,
      sortable: true,
      facetable: false,
      retrievable: true,
    },
    {
      name: 'weight',
      type: 'Edm.Double',
      key: false,
      searchable: false,
      filterable: true,
      sortable: true,
      facetable: false,
      retrievable: true,
    },
  ],
};

const COLUMN_TYPES: Readonly<Record<EdmType, string>> = {
  'Edm.String': 'text',
  'Edm.Int32': 'integer',
  'Edm.Int64': 'bigint',
  'Edm.Double': 'double precision',
  'Edm.Boolean': 'boolean',
  // Milliseconds, as the search tables store them (and as JavaScript dates hold).
  'Edm.DateTimeOffset': 'timestamptz(3)',
  'Collection(Edm.String)': 'text[]',
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A test table with the index's columns (and tsvector columns for searchable fields), plus _row. */
export async function createDocTable(db: PGlite, index: IndexDefinition): Promise<void> {
  const columns = index.fields.map((f) => `${quote(f.name)} ${COLUMN_TYPES[f.type]}`);
  const tsv = index.fields
    .filter((f) => f.searchable)
    .map((f) => {
      const text =
        f.type === 'Collection(Edm.String)'
          ? `coalesce(odata_test_join(${quote(f.name)}), '')`
          : `coalesce(${quote(f.name)}, '')`;
      return `${quote(`${f.name}_tsv`)} tsvector generated always as (to_tsvector('simple', ${text})) stored`;
    });
  // As the search migration does: array_to_string is only STABLE, generated columns need IMMUTABLE.
  await db.exec(
    `create or replace function odata_test_join(text[]) returns text language sql immutable as $$ select array_to_string($1, ' ') $$`,
  );
  await db.exec(
    `create table ${quote(index.table)} (_row integer primary key, ${[...columns, ...tsv].join(', ')})`,
  );
}

const cast = (field: FieldDefinition) => `::${COLUMN_TYPES[field.type]}`;

function toParam(field: FieldDefinition, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  // float8 input reads 'NaN', 'Infinity' and '-Infinity'.
  if (typeof value === 'number' && field.type === 'Edm.Double') return String(value);
  return value;
}

/** Replaces the table's rows with docs (row numbers are array positions). */
export async function fillDocTable(
  db: PGlite,
  index: IndexDefinition,
  docs: readonly Readonly<Record<string, unknown>>[],
): Promise<void> {
  await db.exec(`delete from ${quote(index.table)}`);
  if (docs.length === 0) return;
  const params: unknown[] = [];
  const rows = docs.map((doc, row) => {
    params.push(row);
    const cells = [`$${params.length}::integer`];
    for (const field of index.fields) {
      params.push(toParam(field, doc[field.name]));
      cells.push(`$${params.length}${cast(field)}`);
    }
    return `(${cells.join(', ')})`;
  });
  const names = ['_row', ...index.fields.map((f) => f.name)].map(quote).join(', ');
  await db.query(`insert into ${quote(index.table)} (${names}) values ${rows.join(', ')}`, params);
}

const dialect = new PgDialect();

/** The row numbers a WHERE condition selects, ascending. */
export async function matchingRows(
  db: PGlite,
  index: IndexDefinition,
  where: SQL,
): Promise<number[]> {
  const { sql: text, params } = dialect.sqlToQuery(where);
  const result = await db.query<{ _row: number }>(
    `select _row from ${quote(index.table)} where ${text} order by _row`,
    params as unknown[],
  );
  return result.rows.map((r) => r._row);
}
