import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig, type ServerConfig } from '../config';
import { openDatabase, type OpenDatabase } from '../db/client';
import { articles, diseases, reports } from '../db/schema';
import { generateSeedData } from './generate';
import { seedIfEmpty } from './index';
import { insertSeedData } from './insert';
import { upsertSeedUsers } from './users';

describe('seed on PGlite', () => {
  let database: OpenDatabase;
  const config: ServerConfig = {
    ...loadServerConfig({}),
    dataDir: 'memory://',
    seedArticles: 300,
    seedActivities: 15,
  };

  beforeAll(async () => {
    database = await openDatabase(config);
    await database.migrate();
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('inserts consistent rows with foreign-key checks on, then seedIfEmpty leaves the data alone', async () => {
    const users = await upsertSeedUsers(database.db);
    const data = generateSeedData({
      seed: 3,
      articles: 300,
      activities: 15,
      now: new Date(),
      users,
    });
    await insertSeedData(database.db, data, () => {}, { checkForeignKeys: true });
    const [articleCount] = await database.db.select({ n: count() }).from(articles);
    expect(articleCount?.n).toBe(300);
    const [reportCount] = await database.db.select({ n: count() }).from(reports);
    expect(reportCount?.n).toBe(data.activities.reports.length);
    expect(await seedIfEmpty(database.db, config)).toBe(false);
    // Identity sequences moved past the explicit ids.
    const [created] = await database.db
      .insert(articles)
      .values({ title: 't', originalSourceUrl: 'https://example.org/t', feedId: 10, hamTypeId: 3 })
      .returning({ id: articles.articleId });
    expect(created?.id).toBe(301);
  }, 60_000);

  it('seeds an empty database', async () => {
    const other = await openDatabase(config);
    try {
      await other.migrate();
      expect(await seedIfEmpty(other.db, config)).toBe(true);
      const [n] = await other.db.select({ n: count() }).from(diseases);
      expect(n?.n).toBeGreaterThanOrEqual(40);
    } finally {
      await other.close();
    }
  }, 60_000);
});
