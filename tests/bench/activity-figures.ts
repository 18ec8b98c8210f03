/**
 * The one cumulative rule's cost on the server (issue 31): the index totals and the new cases
 * behind the sparklines and the map, read from the rule's stored output (activity_figures,
 * docs/decisions/0068-stored-activity-figures.md), on the configured database (DATABASE_URL,
 * else PGlite in DATA_DIR), seeded beforehand (`npm run seed`, or 20,000 activities with
 * tests/bench/activity-figures-corpus.ts). First computes whatever is owed (the backfill, timed
 * once), then what a commit adds (one activity recomputed and stored), then the reads. Prints
 * median, min and max of repeated runs.
 * `node --import tsx tests/bench/activity-figures.ts`
 */
import { loadServerConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import {
  activityNewCases,
  activityTotals,
  refreshOwedFigures,
  settleOwedFigures,
} from '@server/db/repositories/activity-figures';
import { listDiseaseActivities } from '@server/db/repositories/disease-activities';
import {
  activityFiguresOwed,
  diseaseActivities,
  diseaseActivitySummaries,
} from '@server/db/schema';

const today = new Date().toISOString().slice(0, 10);
async function time<T>(
  label: string,
  f: () => Promise<T>,
  n = Number(process.env['BENCH_RUNS'] ?? 7),
) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await f();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const at = (i: number) => (ms[i] ?? NaN).toFixed(0);
  console.log(`${label}: median ${at(Math.floor(n / 2))} ms, min ${at(0)}, max ${at(n - 1)}`);
}
async function main() {
  const database = await openDatabase(loadServerConfig());
  const db = database.db;
  const ids = (
    await db
      .select({ id: diseaseActivities.diseaseActivityId })
      .from(diseaseActivities)
      .orderBy(diseaseActivities.diseaseActivityId)
      .limit(50)
  ).map((r) => r.id);
  const t0 = performance.now();
  const owed = await settleOwedFigures(db, null);
  console.log(
    `backfill: ${owed} activities owed, computed and stored in ${(performance.now() - t0).toFixed(0)} ms`,
  );
  await time("a commit's refresh of its activity (owed, recomputed, stored)", () =>
    db.transaction(async (tx) => {
      await tx.insert(activityFiguresOwed).values({ diseaseActivityId: ids[0] ?? 0 });
      await refreshOwedFigures(tx, ids.slice(0, 1));
    }),
  );
  // The summaries' row read, what the index read before the rule (without its dropped totals).
  await time('summaries row read (all)', () => db.select().from(diseaseActivitySummaries));
  await time('activityTotals(all)', () => activityTotals(db, null));
  await time('activityTotals(1 id)', () => activityTotals(db, ids.slice(0, 1)));
  await time('listDiseaseActivities (all, with totals)', () => listDiseaseActivities(db, today));
  await time('activityNewCases 30 days, 50 ids (sparklines)', () =>
    activityNewCases(db, today, 30, ids),
  );
  await time('activityNewCases 14 days, all (map)', () => activityNewCases(db, today, 14, null));
  await time(
    'activityNewCases 365 days, all (map)',
    () => activityNewCases(db, today, 365, null),
    3,
  );
  await database.close();
}
void main();
