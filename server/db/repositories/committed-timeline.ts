import { asc, eq } from 'drizzle-orm';
import type { CommittedTimelineJson } from '@domain/entries/committed-timeline';
import { encodeCommittedTimeline } from '@domain/entries/committed-timeline';
import type { Db } from '../client';
import { reportingPeriods } from '../schema';
import { committedRuleRows } from './entries-read';
import { sourceOfRow } from './entries-submission';

/**
 * An activity's committed history for the worker's own check (issue 6): the rows
 * committedArithmeticRows reads, only the columns the rules read (committedRuleRows), each
 * mapped as the server's check maps its rows (sourceOfRow), in report id order as the server
 * reads them. The server's check reads only the window its submission can see
 * (entries-window-read.ts), which answers the same (entries-window-read.test.ts); the worker
 * takes it all once and windows with its index. `version` is the activity's version read
 * before the rows: a commit in between makes the rows newer than their label, never older, so
 * a client re-reads too often rather than keeps a stale history.
 */
export async function committedTimeline(
  db: Db,
  activityId: number,
  version: number,
): Promise<CommittedTimelineJson> {
  const rows = await committedRuleRows(db, activityId);
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
