import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * Runs a writer's statements with the index-figure triggers held back (migration 0011), then
 * refreshes the activity's figures once, inside the same transaction: a commit of N rows costs
 * one refresh instead of N, each over the activity's whole history. `tx` must be a transaction:
 * the setting is local to it, so a rollback or a crash leaves nothing held back.
 */
export async function withSummariesDeferred<T>(
  tx: Db,
  activityId: number,
  write: () => Promise<T>,
): Promise<T> {
  await tx.execute(sql`select set_config('ist.summaries_deferred', 'on', true)`);
  const result = await write();
  await tx.execute(sql`select set_config('ist.summaries_deferred', 'off', true)`);
  await tx.execute(sql`select activity_summaries_refresh(array[${activityId}]::integer[])`);
  return result;
}
