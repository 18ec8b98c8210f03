import type { Db } from '../db/client';
import { DEFAULT_SEED, generateSeedData } from './generate';
import { insertSeedData } from './insert';
import { upsertSeedUsers } from './users';

/** What one seeding run produces. */
export interface SeedRunOptions {
  readonly articles: number;
  readonly activities: number;
  readonly seed?: number;
  /** Defaults to the current time: the data is always "recent". */
  readonly now?: Date;
}

/**
 * Generates and writes the demo data into an empty database (see server/seed/README.md).
 * Returns the counts written.
 */
export async function seed(
  db: Db,
  options: SeedRunOptions,
  log: (msg: string) => void = () => {},
): Promise<{ articles: number; activities: number; reports: number }> {
  const t0 = performance.now();
  const users = await upsertSeedUsers(db);
  const data = generateSeedData({
    seed: options.seed ?? DEFAULT_SEED,
    articles: options.articles,
    activities: options.activities,
    now: options.now ?? new Date(),
    users,
  });
  log(`seed: generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await insertSeedData(db, data, log);
  log(`seed: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return {
    articles: data.articles.articles.length,
    activities: data.activities.activities.length,
    reports: data.activities.reports.length,
  };
}
