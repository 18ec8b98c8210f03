import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { IndexDefinition } from './index-definition';

/**
 * How `@odata.count` is computed: exact ({@link exactCount}) or bounded (below: exact up to a
 * bound, an estimate flagged approximate above it; the default). Azure's count is approximate too.
 */
export type CountStrategy = (
  db: Db,
  index: IndexDefinition,
  where: SQL | undefined,
) => Promise<{ value: number; approximate: boolean }>;

export const exactCount: CountStrategy = async (db, index, where) => {
  const filter = where === undefined ? sql.empty() : sql` where ${where}`;
  const rows = rowsOf(
    await db.execute(sql`select count(*)::int as n from ${sql.identifier(index.table)}${filter}`),
  );
  return { value: Number(rows[0]?.['n'] ?? 0), approximate: false };
};

/** Matches counted exactly before the count may become an estimate (Azure's is approximate). */
export const defaultExactCountBound = 10_000;

export interface BoundedCountOptions {
  /** Counted exactly up to this many matches; above it, estimated. */
  readonly bound: number;
}

/**
 * Counts exactly up to `bound` matches (a LIMITed subquery stops at bound + 1 rows, so a broad
 * query costs as much as bound rows, not as every match); above it returns the planner's row
 * estimate for the same WHERE (EXPLAIN, no execution), never less than bound + 1, flagged
 * approximate. A bound of Infinity is the exact count.
 */
export function boundedCount(options: BoundedCountOptions): CountStrategy {
  const { bound } = options;
  if (!Number.isFinite(bound)) return exactCount;
  return async (db, index, where) => {
    const table = sql.identifier(index.table);
    const filter = where === undefined ? sql.empty() : sql` where ${where}`;
    const rows = rowsOf(
      await db.execute(
        sql`select count(*)::int as n from (select 1 from ${table}${filter} limit ${bound + 1}) as bounded`,
      ),
    );
    const counted = Number(rows[0]?.['n'] ?? 0);
    if (counted <= bound) return { value: counted, approximate: false };
    const estimate = await plannerRows(db, sql`select 1 from ${table}${filter}`);
    return { value: Math.max(bound + 1, Math.round(estimate)), approximate: true };
  };
}

/** The planner's estimate of the rows a query returns (EXPLAIN (FORMAT JSON), not run). */
async function plannerRows(db: Parameters<CountStrategy>[0], query: SQL): Promise<number> {
  const rows = rowsOf(await db.execute(sql`explain (format json) ${query}`));
  const plan = rows[0]?.['QUERY PLAN'];
  // node-postgres parses the json column; PGlite may hand back the text.
  const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  if (Array.isArray(parsed)) {
    const top: unknown = parsed[0];
    if (typeof top === 'object' && top !== null && 'Plan' in top) {
      const node = (top as { Plan: unknown }).Plan;
      if (typeof node === 'object' && node !== null && 'Plan Rows' in node) {
        const value = Number((node as { 'Plan Rows': unknown })['Plan Rows']);
        if (Number.isFinite(value)) return value;
      }
    }
  }
  throw new Error('search: unexpected EXPLAIN output');
}
