import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLookupFixtures } from '../../tests/support/lookup-fixtures';
import { migrationsBefore } from '../../tests/support/migrations-before';
import { backends, openTestDatabase } from '../../tests/support/test-server';
import type { OpenDatabase } from './client';
import { rowsOf } from './rows';

const backfill = '0006_custom_articles_published_date';

/**
 * Migration 0006 on a database written before custom articles were published when inserted:
 * their publishedDate (table and search document) becomes their insertedDate; feed articles
 * without one keep none.
 */
describe.each(backends)('custom articles publishedDate backfill on %s', (backend) => {
  let database: OpenDatabase;
  let close: () => Promise<void>;
  const old = migrationsBefore(backfill);

  const insertedAt = '2026-03-04T05:06:07.089Z';
  const feedPublishedAt = '2026-03-01T00:00:00.000Z';

  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(backend));
    await database.migrate(old.folder);
    const { db } = database;
    await insertLookupFixtures(db);
    // Raw SQL: the rows an old server wrote, whatever later migrations add to the tables.
    await db.execute(
      sql`insert into users (id, subject, given_name, family_name) overriding system value values (7, 'analyst-amara', 'Amara', 'Okafor')`,
    );
    await db.execute(sql`
      insert into articles (article_id, title, original_source_url, feed_id, ham_type_id,
        published_date, inserted_date, created_by_user_id)
      overriding system value values
        (1, 'Custom, old', 'https://example.org/1', 10, 3, null, ${insertedAt}, 7),
        (2, 'Feed, no date', 'https://example.org/2', 1, 3, null, ${insertedAt}, null),
        (3, 'Feed, dated', 'https://example.org/3', 1, 3, ${feedPublishedAt}, ${insertedAt}, null)`);
    await db.execute(sql`
      insert into search_articles ("articleId", "articleFeed", "articleTitle", "publishedDate",
        "insertedDate", "articleType", "createdBy")
      values
        ('1', 10, 'Custom, old', null, ${insertedAt}, 3, 'Amara Okafor'),
        ('2', 1, 'Feed, no date', null, ${insertedAt}, 3, null),
        ('3', 1, 'Feed, dated', ${feedPublishedAt}, ${insertedAt}, 3, null)`);
    await database.migrate();
  });
  afterAll(async () => {
    await close();
    old.remove();
  });

  const dates = async (query: ReturnType<typeof sql>) =>
    new Map(
      rowsOf(await database.db.execute(query)).map((r) => [
        String(r['id']),
        r['published'] === null ? null : new Date(String(r['published'])).toISOString(),
      ]),
    );

  it('gives custom articles their insertedDate as publishedDate', async () => {
    const published = await dates(
      sql`select article_id as id, published_date as published from articles`,
    );
    expect(published.get('1')).toBe(insertedAt);
  });

  it('leaves feed articles as their feed sent them', async () => {
    const published = await dates(
      sql`select article_id as id, published_date as published from articles`,
    );
    expect(published.get('2')).toBeNull();
    expect(published.get('3')).toBe(feedPublishedAt);
  });

  it('updates the embedded search documents the same way', async () => {
    const published = await dates(
      sql`select "articleId" as id, "publishedDate" as published from search_articles`,
    );
    expect(published.get('1')).toBe(insertedAt);
    expect(published.get('2')).toBeNull();
    expect(published.get('3')).toBe(feedPublishedAt);
  });
});
