import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The schema module, as drizzle sees it. */
export type Schema = typeof schema;

/**
 * The database handle every repository takes: the same type for PGlite and PostgreSQL. Here, not
 * in client.ts, so the modules client.ts opens (migrate, notifications) need not import it back.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
