import { lte, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { activityListChanges, activityListVersion } from '../schema';

/** Where the disease activity index's change log stands (migration 0009). */
export interface ActivityListState {
  /** The current version (bumped by every change the index shows). */
  readonly version: number;
  /** Changes up to this version may be gone: a list kept from before must be rebuilt whole. */
  readonly prunedThrough: number;
  /**
   * The activities changed after the version asked about, or 'all' when a change names none
   * (a renamed disease, species, country or analyst). Empty when nothing was asked.
   */
  readonly changed: readonly number[] | 'all';
}

/**
 * The version, the pruning mark and the activities changed after `since`, in one statement:
 * one snapshot, so a prune running beside it cannot remove changes it then misses.
 */
export async function activityListStateSince(
  db: Db,
  since: number | undefined,
): Promise<ActivityListState> {
  const c = activityListChanges;
  // 0 stands for a null activity (ids start at 1); text, so both drivers answer the same.
  const changedIds =
    since === undefined
      ? sql<string | null>`null`
      : sql<
          string | null
        >`(select string_agg(distinct coalesce(${c.diseaseActivityId}, 0)::text, ',') from ${c} where ${c.version} > ${since})`;
  const [row] = await db
    .select({
      version: activityListVersion.version,
      prunedThrough: activityListVersion.prunedThrough,
      changedIds,
    })
    .from(activityListVersion);
  if (!row) throw new Error('activity_list_version has no row');
  const ids = row.changedIds === null ? [] : row.changedIds.split(',').map(Number);
  return {
    version: Number(row.version),
    prunedThrough: Number(row.prunedThrough),
    changed: ids.includes(0) ? 'all' : ids,
  };
}

/** Forgets the changes up to `through` (and says so, so older kept lists rebuild whole). */
export async function pruneActivityListChanges(db: Db, through: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(activityListVersion)
      .set({ prunedThrough: sql`greatest(${activityListVersion.prunedThrough}, ${through})` });
    await tx.delete(activityListChanges).where(lte(activityListChanges.version, through));
  });
}
