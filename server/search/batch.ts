import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { SearchRequestError } from './errors';
import type { FieldDefinition, IndexDefinition } from './index-definition';
import { fieldOf } from './index-definition';
import { rowsOf } from '../db/rows';
import { indexWritten } from './memory/changes';
import { slicedPause } from '../db/next-turn';

/** The most actions one docs/index request may carry, as in Azure. */
export const maxBatchSize = 1000;

export type IndexAction = 'upload' | 'merge' | 'mergeOrUpload' | 'delete';
const actions: readonly IndexAction[] = ['upload', 'merge', 'mergeOrUpload', 'delete'];

/** One item of the docs/index answer. */
export interface IndexingResult {
  readonly key: string;
  readonly status: boolean;
  readonly errorMessage: string | null;
  readonly statusCode: number;
}

type FieldValue = string | number | boolean | null | readonly string[];

/** One action of a docs/index batch, validated (parseIndexBatch). */
export interface ValidatedAction {
  readonly action: IndexAction;
  readonly key: string;
  /** The fields given, key included, validated and converted for SQL. */
  readonly fields: ReadonlyMap<FieldDefinition, FieldValue>;
}

const keyPattern = /^[A-Za-z0-9_\-=]+$/;
const dateTimeOffset =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,7})?)?(?:Z|[+-]\d{2}:\d{2})$/;

const invalid = (message: string) =>
  new SearchRequestError(`The request is invalid. Details: ${message}`, 'actions');

/**
 * Validates a docs/index body: `{"value":[{"@search.action": …, <key>: …, …}]}`, at most 1,000
 * items. A malformed body, an unknown field or a value of the wrong type fails the whole request
 * with 400 (Azure cannot deserialise it either); per-item failures are answered in the results.
 */
export function parseIndexBatch(body: unknown, index: IndexDefinition): ValidatedAction[] {
  const value =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)['value']
      : undefined;
  if (!Array.isArray(value)) throw invalid("the body must be an object with a 'value' array.");
  if (value.length === 0) throw invalid('the batch contains no documents.');
  if (value.length > maxBatchSize) {
    throw invalid(`a batch may contain at most ${maxBatchSize} documents; it has ${value.length}.`);
  }
  return value.map((item: unknown, position) => parseAction(item, position, index));
}

function parseAction(item: unknown, position: number, index: IndexDefinition): ValidatedAction {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw invalid(`value[${position}] is not an object.`);
  }
  const members = item as Record<string, unknown>;
  const rawAction = members['@search.action'] ?? 'upload';
  if (typeof rawAction !== 'string' || !actions.includes(rawAction as IndexAction)) {
    throw invalid(
      `value[${position}]: '@search.action' must be one of ${actions.join(', ')}; got ${JSON.stringify(rawAction)}.`,
    );
  }
  const action = rawAction as IndexAction;
  const fields = new Map<FieldDefinition, FieldValue>();
  for (const [name, raw] of Object.entries(members)) {
    if (name.startsWith('@')) continue;
    const field = fieldOf(index, name);
    if (field === undefined) {
      throw invalid(
        `value[${position}]: The property '${name}' does not exist on type 'search.documentFields'. Make sure to only use property names that are defined by the type.`,
      );
    }
    // A delete needs the key only; Azure ignores the other fields.
    if (action === 'delete' && !field.key) continue;
    fields.set(field, valueOf(field, raw, position));
  }
  const key = members[index.key];
  if (typeof key !== 'string' || key === '') {
    throw invalid(`value[${position}]: Document key cannot be missing or empty.`);
  }
  return { action, key, fields };
}

function valueOf(field: FieldDefinition, raw: unknown, position: number): FieldValue {
  const wrong = (expected: string) =>
    invalid(
      `value[${position}].${field.name}: expected ${expected} for a field of type ${field.type}; got ${JSON.stringify(raw)}.`,
    );
  if (raw === null) {
    if (field.key) throw wrong('a string');
    return field.type === 'Collection(Edm.String)' ? [] : null;
  }
  switch (field.type) {
    case 'Edm.String':
      if (typeof raw !== 'string') throw wrong('a string');
      return raw;
    case 'Edm.Int32':
      if (!Number.isInteger(raw) || Math.abs(raw as number) > 2 ** 31)
        throw wrong('a 32-bit integer');
      return raw as number;
    case 'Edm.Int64':
      if (!Number.isSafeInteger(raw)) throw wrong('an integer');
      return raw as number;
    case 'Edm.Double':
      if (typeof raw !== 'number') throw wrong('a number');
      return raw;
    case 'Edm.Boolean':
      if (typeof raw !== 'boolean') throw wrong('a boolean');
      return raw;
    case 'Edm.DateTimeOffset':
      if (typeof raw !== 'string' || !dateTimeOffset.test(raw) || Number.isNaN(Date.parse(raw))) {
        throw wrong('an ISO 8601 date and time with an offset (e.g. 2024-05-06T12:30:05Z)');
      }
      return new Date(raw).toISOString();
    case 'Collection(Edm.String)':
      if (!Array.isArray(raw) || !raw.every((e) => typeof e === 'string')) {
        throw wrong('an array of strings');
      }
      return raw as string[];
  }
}

const ok = (key: string, statusCode: number): IndexingResult => ({
  key,
  status: true,
  errorMessage: null,
  statusCode,
});
const failed = (key: string, statusCode: number, errorMessage: string): IndexingResult => ({
  key,
  status: false,
  errorMessage,
  statusCode,
});

/**
 * Applies the actions in order, one statement each, and answers per item: 201 created, 200
 * replaced, merged or deleted, 404 merge target missing, 400 invalid key.
 */
export async function applyIndexBatch(
  db: Db,
  index: IndexDefinition,
  batch: readonly ValidatedAction[],
): Promise<IndexingResult[]> {
  const results: IndexingResult[] = [];
  const pause = slicedPause();
  for (const item of batch) {
    await pause();
    if (!keyPattern.test(item.key)) {
      results.push(
        failed(
          item.key,
          400,
          `Invalid document key: '${item.key}'. Keys can only contain letters, digits, underscore (_), dash (-), or equal sign (=).`,
        ),
      );
      continue;
    }
    results.push(await applyAction(db, index, item));
  }
  if (results.some((r) => r.status)) await indexWritten(db);
  return results;
}

async function applyAction(
  db: Db,
  index: IndexDefinition,
  item: ValidatedAction,
): Promise<IndexingResult> {
  const table = sql.identifier(index.table);
  const key = sql.identifier(index.key);
  if (item.action === 'delete') {
    await db.execute(sql`delete from ${table} where ${key} = ${item.key}`);
    return ok(item.key, 200);
  }
  const given = [...item.fields].filter(([f]) => !f.key);
  if (item.action === 'merge') {
    if (given.length === 0) {
      const found = rowsOf(
        await db.execute(sql`select 1 from ${table} where ${key} = ${item.key}`),
      );
      return found.length > 0 ? ok(item.key, 200) : notFound(item.key);
    }
    const rows = rowsOf(
      await db.execute(
        sql`update ${table} set ${assignments(given)}${uploadedSet(index)} where ${key} = ${item.key} returning 1 as ok`,
      ),
    );
    return rows.length > 0 ? ok(item.key, 200) : notFound(item.key);
  }
  // upload replaces the whole document: absent fields become null (collections empty).
  const written =
    item.action === 'upload'
      ? index.fields
          .filter((f) => !f.key)
          .map((f) => [f, item.fields.get(f) ?? emptyOf(f)] as const)
      : given;
  const uploaded = index.uploadedColumn === undefined ? [] : [sql.identifier(index.uploadedColumn)];
  const columns = [key, ...written.map(([f]) => sql.identifier(f.name)), ...uploaded];
  const values = [
    sql`${item.key}`,
    ...written.map(([f, v]) => literalOf(f, v)),
    ...uploaded.map(() => sql`true`),
  ];
  const onConflict =
    written.length === 0
      ? sql`do nothing`
      : sql`do update set ${sql.join(
          written.map(([f]) => sql`${sql.identifier(f.name)} = excluded.${sql.identifier(f.name)}`),
          sql`, `,
        )}${uploadedSet(index)}`;
  const rows = rowsOf(
    await db.execute(
      sql`insert into ${table} (${sql.join(columns, sql`, `)}) values (${sql.join(values, sql`, `)}) on conflict (${key}) ${onConflict} returning (xmax = 0) as created`,
    ),
  );
  const created = rows[0]?.['created'];
  return ok(item.key, created === true || created === 't' ? 201 : 200);
}

const notFound = (key: string) => failed(key, 404, 'Document not found.');

/** `, uploaded = true` for an index that marks uploaded documents (the repair keeps them). */
const uploadedSet = (index: IndexDefinition): SQL =>
  index.uploadedColumn === undefined
    ? sql.empty()
    : sql`, ${sql.identifier(index.uploadedColumn)} = true`;

function emptyOf(field: FieldDefinition): FieldValue {
  return field.type === 'Collection(Edm.String)' ? [] : null;
}

function assignments(given: readonly (readonly [FieldDefinition, FieldValue])[]): SQL {
  return sql.join(
    given.map(([f, v]) => sql`${sql.identifier(f.name)} = ${literalOf(f, v)}`),
    sql`, `,
  );
}

/** A bound parameter with the column's type, so PostgreSQL need not guess. */
function literalOf(field: FieldDefinition, value: FieldValue): SQL {
  switch (field.type) {
    case 'Collection(Edm.String)':
      // Sent as JSON: drivers disagree on binding JS arrays.
      return sql`array(select jsonb_array_elements_text(${JSON.stringify(value ?? [])}::jsonb))::text[]`;
    case 'Edm.DateTimeOffset':
      return sql`${value}::timestamptz`;
    case 'Edm.Int32':
      return sql`${value}::int`;
    case 'Edm.Int64':
      return sql`${value}::bigint`;
    case 'Edm.Double':
      return sql`${value}::float8`;
    case 'Edm.Boolean':
      return sql`${value}::boolean`;
    case 'Edm.String':
      return sql`${value}::text`;
  }
}
