import { diseases } from '../db/schema';
import type { Db } from '../db/client';
import type { ServerConfig } from '../config';

/**
 * Seeds the demo data on first start: when the database has no diseases row, writes
 * config.seedArticles articles and config.seedActivities activities. Returns true if it seeded.
 */
export async function seedIfEmpty(
  db: Db,
  config: ServerConfig,
  log: (msg: string) => void = () => {},
): Promise<boolean> {
  const existing = await db.select({ id: diseases.diseaseId }).from(diseases).limit(1);
  if (existing.length > 0) return false;
  // The generator and its data tables load only when there is something to seed: they cost
  // about half a second of every cold start otherwise.
  const { seed } = await import('./run');
  await seed(db, { articles: config.seedArticles, activities: config.seedActivities }, log);
  return true;
}
