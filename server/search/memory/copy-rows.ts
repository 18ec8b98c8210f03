import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { documentJsonSql } from '../execute';
import type { IndexDefinition } from '../index-definition';
import { tsvAlias, type StoreRow } from './store';

/**
 * Rows for the store: columns (dates as epoch ms), tsvectors as text, and the document's JSON
 * under the full `$select` (as the page fetch builds it), in key order.
 */
export async function fetchCopyRows(
  db: Db,
  index: IndexDefinition,
  fullSelect: IndexDefinition['fields'],
  where: SQL,
  limit?: number,
): Promise<StoreRow[]> {
  const parts: SQL[] = [sql`${documentJsonSql(fullSelect)} as ${sql.identifier(documentAlias)}`];
  for (const field of index.fields) {
    const column = sql.identifier(field.name);
    if (field.filterable || field.sortable || field.key) {
      parts.push(
        field.type === 'Edm.DateTimeOffset'
          ? sql`(extract(epoch from ${column}) * 1000)::float8 as ${column}`
          : sql`${column}`,
      );
    }
    if (field.searchable) {
      parts.push(
        sql`${sql.identifier(`${field.name}_tsv`)}::text as ${sql.identifier(tsvAlias(field.name))}`,
      );
    }
  }
  const key = sql.identifier(index.key);
  const table = sql.identifier(index.table);
  const tail = limit === undefined ? sql`` : sql` order by ${key} limit ${limit}`;
  return rowsOf(
    await db.execute(sql`select ${sql.join(parts, sql`, `)} from ${table} where ${where}${tail}`),
  );
}

/**
 * A PostgreSQL array literal of keys, bound as one text parameter: `= any($1::text[])` keeps the
 * primary-key index (an IN over jsonb_array_elements_text made PGlite scan the table), and the
 * drivers disagree on binding JS arrays.
 */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** The document's JSON column in the rows fetched for a copy (no field is named so). */
export const documentAlias = '__document';
