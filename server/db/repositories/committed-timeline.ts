import { asc, eq } from 'drizzle-orm';
import type { CommittedTimelineJson } from '../../../src/domain/entries/committed-timeline';
import { encodeCommittedTimeline } from '../../../src/domain/entries/committed-timeline';
import type { Db } from '../client';
import { reportingPeriods } from '../schema';
import { committedArithmeticRows } from './entries-read';
import { sourceOfRow } from './entries-submission';

/**
 * An activity's committed history for the worker's own check (issue 6), read by the same code
 * as the server's check (committedArithmeticRows, sourceOfRow), so both walk the same entries
 * in the same order. `version` is the activity's version read before the rows: a commit in
 * between makes the rows newer than their label, never older, so a client re-reads too often
 * rather than keeps a stale history.
 */
export async function committedTimeline(
  db: Db,
  activityId: number,
  version: number,
): Promise<CommittedTimelineJson> {
  const rows = await committedArithmeticRows(db, activityId);
  const periods = await db
    .select({ startDate: reportingPeriods.startDate, endDate: reportingPeriods.endDate })
    .from(reportingPeriods)
    .where(eq(reportingPeriods.diseaseActivityId, activityId))
    .orderBy(asc(reportingPeriods.startDate), asc(reportingPeriods.id));
  // No articles: see src/domain/entries/committed-timeline.ts.
  return encodeCommittedTimeline(
    version,
    periods,
    rows.map((r) => sourceOfRow(r, [])),
  );
}
