/**
 * `npm run seed -- --articles N --activities M [--seed S] [--reset]`: migrates the configured
 * database (DATABASE_URL, else PGlite in DATA_DIR) and writes the demo data. Without --reset it
 * refuses to seed a database that already has data.
 */
import { parseArgs } from 'node:util';
import { loadServerConfig } from '../config';
import { openDatabase } from '../db/client';
import { diseases } from '../db/schema';
import { seed } from './run';
import { truncateSeededTables } from './insert';

const positiveInt = (name: string, value: string | undefined, fallback: number) => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a whole number, got '${value}'`);
  return n;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      articles: { type: 'string' },
      activities: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
    },
  });
  const config = loadServerConfig();
  const articles = positiveInt('articles', values.articles, config.seedArticles);
  const activities = positiveInt('activities', values.activities, config.seedActivities);
  const seedNumber = values.seed === undefined ? undefined : positiveInt('seed', values.seed, 0);
  const t0 = performance.now();
  const database = await openDatabase(config);
  try {
    console.log(
      `seed: ${database.driver === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`,
    );
    await database.migrate();
    if (values.reset) {
      await truncateSeededTables(database.db);
      console.log('seed: emptied the seeded tables');
    } else if ((await database.db.select().from(diseases).limit(1)).length > 0) {
      throw new Error('the database already has data; pass --reset to replace it');
    }
    const counts = await seed(
      database.db,
      { articles, activities, ...(seedNumber === undefined ? {} : { seed: seedNumber }) },
      (msg) => console.log(msg),
    );
    console.log(
      `seed: ${counts.articles} articles, ${counts.activities} activities, ${counts.reports} reports in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
