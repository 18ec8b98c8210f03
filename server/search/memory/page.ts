import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SearchResult } from '../execute';
import { rowsOf } from '../../db/rows';
import { documentJsonSql } from '../execute';
import type { IndexDefinition } from '../index-definition';
import type { SearchRequest } from '../request';
import { maxPageSize, maxSkip } from '../request';
import { textArrayLiteral } from './copy-rows';
import type { DocumentFile } from './document-file';
import type { Plan } from './plan';
import type { Store } from './store';

/**
 * A planned page's answer: each slot's document from the copy's file (as is under the full
 * `$select`, every browser query; else its selected members), from the table by key for a slot
 * the file lacks; bytes for http.ts to copy, parsed only when read as values.
 */
export async function pageOf(
  db: Db,
  index: IndexDefinition,
  store: Store,
  file: DocumentFile | undefined,
  fullSelect: IndexDefinition['fields'],
  request: SearchRequest,
  plan: Plan,
): Promise<SearchResult> {
  const { count, slots, scores } = plan;
  const full = request.select.length === fullSelect.length;
  // From the copy's file: as is under the full `$select` (every browser query), else the
  // selected members of the same text.
  const texts = Array.from(slots, (slot) => {
    const text = file?.get(slot);
    return text === undefined || full ? text : projected(text, request.select);
  });
  // A slot the file lacks (the file failed, or closed under a reload): from the table by key.
  const missing = slots.filter((_, i) => texts[i] === undefined);
  if (missing.length > 0) {
    const keys = Array.from(missing, (s) => store.keys.keyOf(s));
    const rows = rowsOf(
      await db.execute(
        sql`select ${sql.identifier(index.key)} as "__key", ${documentJsonSql(request.select)} as "__json" from ${sql.identifier(index.table)} where ${sql.identifier(index.key)} = any(${textArrayLiteral(keys)}::text[])`,
      ),
    );
    const byKey = new Map(rows.map((row) => [String(row['__key']), String(row['__json'])]));
    slots.forEach((slot, i) => {
      if (texts[i] !== undefined) return;
      const json = byKey.get(store.keys.keyOf(slot));
      // Deleted between planning and fetching: gone from the page, as from SQL's.
      if (json !== undefined) texts[i] = Buffer.from(json);
    });
  }
  const documents: Buffer[] = [];
  const documentScores: number[] = [];
  texts.forEach((text, i) => {
    if (text === undefined) return;
    documents.push(text);
    documentScores.push(scores[i] ?? 1);
  });
  let value: SearchResult['value'] | undefined;
  const pageSize = Math.min(request.top, maxPageSize);
  const nextSkip = request.skip + pageSize;
  const more =
    request.top > maxPageSize && slots.length === pageSize && nextSkip <= maxSkip
      ? { skip: nextSkip, top: request.top - pageSize }
      : undefined;
  return {
    ...(request.count ? { count: { value: count, approximate: false } } : {}),
    serialised: { documents, scores: documentScores },
    // Parsed only for callers other than the HTTP route (tests), which sends the bytes.
    get value() {
      return (value ??= documents.map(
        (text, i) =>
          JSON.parse(
            withScore(documentScores[i] ?? 1, text.toString('utf8')),
          ) as SearchResult['value'][number],
      ));
    },
    ...(more === undefined ? {} : { next: more }),
  };
}

/**
 * The members of select, in its order, of a document's JSON under the full `$select`: the same
 * values as the table's JSON under select (documentJsonSql builds each member alike).
 */
export function projected(text: Buffer, select: IndexDefinition['fields']): Buffer {
  const document = JSON.parse(text.toString('utf8')) as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const field of select) picked[field.name] = document[field.name] ?? null;
  return Buffer.from(JSON.stringify(picked));
}

/** A document's JSON text with its score as the first member, as Azure writes it. */
function withScore(score: number, document: string): string {
  const head = `{"@search.score":${JSON.stringify(score)}`;
  return document === '{}' ? `${head}}` : `${head},${document.slice(1)}`;
}
