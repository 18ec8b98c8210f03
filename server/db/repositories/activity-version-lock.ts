import { and, eq } from 'drizzle-orm';
import { messages } from '@domain/messages';
import type { Db } from '../client';
import { diseaseActivities } from '../schema';
import { EntriesRefusal } from './entries-submission';

/** The version read (If-Match) does not match: another write came first. */
export class StaleVersion extends Error {
  constructor(readonly current: number) {
    super(`stale version, current ${current}`);
    this.name = 'StaleVersion';
  }
}

/**
 * Locks an activity's row for the rest of the transaction and checks the version the writer
 * read (If-Match): every write to an activity goes through here, so two analysts never lose
 * each other's work. A null `expectedVersion` locks without checking (a save of a collection
 * checks that collection's version instead). Throws EntriesRefusal 404 for an unknown activity, StaleVersion on a
 * mismatch; answers what the writers need of the row.
 */
export async function lockActivityVersion(
  tx: Db,
  activityId: number,
  countryId: number,
  expectedVersion: number | null,
): Promise<{ readonly version: number; readonly speciesId: number }> {
  const [locked] = await tx
    .select({ version: diseaseActivities.version, speciesId: diseaseActivities.speciesId })
    .from(diseaseActivities)
    .where(
      and(
        eq(diseaseActivities.diseaseActivityId, activityId),
        eq(diseaseActivities.countryId, countryId),
      ),
    )
    .for('update');
  if (locked === undefined) {
    throw new EntriesRefusal(404, [messages.diseaseActivityNotFound(activityId)]);
  }
  if (expectedVersion !== null && locked.version !== expectedVersion) {
    throw new StaleVersion(locked.version);
  }
  return locked;
}
