import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FieldDefinition, IndexDefinition } from '../index-definition';

/** Test support: a small index over `simple_query_docs` in an in-memory PGlite. */

const field = (
  name: string,
  type: FieldDefinition['type'],
  searchable: boolean,
  key = false,
): FieldDefinition => ({
  name,
  type,
  key,
  searchable,
  filterable: true,
  sortable: false,
  facetable: false,
  retrievable: true,
});

export const docsIndex: IndexDefinition = {
  name: 'docs',
  table: 'simple_query_docs',
  key: 'id',
  fields: [
    field('id', 'Edm.String', false, true),
    field('title', 'Edm.String', true),
    field('body', 'Edm.String', true),
    field('tags', 'Collection(Edm.String)', true),
    field('rating', 'Edm.Int32', false),
  ],
};

// A type, not an interface: documents must be assignable to Record<string, unknown>.
export type TestDoc = {
  readonly id: string;
  readonly title?: string | null;
  readonly body?: string | null;
  readonly tags?: readonly string[] | null;
};

const dialect = new PgDialect();

/**
 * An in-memory database with the docs table; tsvector columns as the index definition names them
 * and, as in the search migration, never NULL (NULL text gives an empty tsvector).
 */
export async function openDocsDb() {
  const client = await PGlite.create();
  // The collection's tsvector is filled on insert: array_to_string isn't immutable, so it can't be
  // a generated column (the indexer computes it the same way).
  await client.exec(`
    create table simple_query_docs (
      id text primary key,
      title text,
      body text,
      tags text[],
      rating integer,
      title_tsv tsvector generated always as (to_tsvector('simple', coalesce(title, ''))) stored,
      body_tsv tsvector generated always as (to_tsvector('simple', coalesce(body, ''))) stored,
      tags_tsv tsvector
    )`);
  return {
    client,
    async load(docs: readonly TestDoc[]): Promise<void> {
      await client.exec('delete from simple_query_docs');
      for (const d of docs) {
        await client.query(
          `insert into simple_query_docs (id, title, body, tags, tags_tsv)
           values ($1, $2, $3, $4, to_tsvector('simple', coalesce(array_to_string($4::text[], ' '), '')))`,
          [d.id, d.title ?? null, d.body ?? null, d.tags ?? null],
        );
      }
    },
    /** Ids of the rows where `where` holds, sorted, with their scores. */
    async select(where: SQL, score: SQL): Promise<{ id: string; score: number }[]> {
      const q = dialect.sqlToQuery(
        sql`select id, ${score} as score from simple_query_docs where ${where} order by id`,
      );
      const result = await client.query<{ id: string; score: number }>(q.sql, [...q.params]);
      return result.rows;
    },
    close: () => client.close(),
  };
}

export const toQuery = (fragment: SQL) => dialect.sqlToQuery(fragment);
