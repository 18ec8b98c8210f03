import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../db/client';
import { backends, openTestDatabase } from '../../../tests/support/test-server';
import { waitUntil } from '../../../tests/support/search-probe';
import { rowsOf } from '../../db/rows';
import { applyIndexBatch, parseIndexBatch } from '../batch';
import { articlesIndex } from '../index-definition';
import type { IndexChange } from './follower';
import { ChangeFollower, collect, readVersion } from './follower';

const upload = (db: OpenDatabase['db'], keys: readonly string[], action = 'mergeOrUpload') =>
  applyIndexBatch(
    db,
    articlesIndex,
    parseIndexBatch(
      {
        value: keys.map((articleId) => ({
          '@search.action': action,
          articleId,
          ...(action === 'delete' ? {} : { articleTitle: `Title ${articleId}` }),
        })),
      },
      articlesIndex,
    ),
  );

/** A follower that records what it was handed. */
function recording(db: OpenDatabase['db'], listening = true) {
  const seen: [string, IndexChange][] = [];
  const follower = new ChangeFollower(
    db,
    (index, change) => {
      seen.push([index, change]);
      return Promise.resolve();
    },
    () => {},
    listening,
  );
  return { follower, seen };
}

describe.each(backends)('the search change log on %s', (backend) => {
  let database: OpenDatabase;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(backend));
    await database.migrate();
  });
  afterAll(() => close());

  it('logs each write with its keys in version order, and a follower applies what it missed', async () => {
    const { db } = database;
    const { follower, seen } = recording(db);
    await follower.started;
    const from = follower.appliedVersion;
    await upload(db, ['a', 'b']);
    await upload(db, ['b'], 'delete');
    await follower.catchUp();
    const keys = seen.flatMap(([index, change]) => {
      expect(index).toBe('articles');
      return change === 'all' ? ['all'] : change;
    });
    expect(new Set(keys)).toEqual(new Set(['a', 'b']));
    const log = rowsOf(
      await db.execute(
        sql`select version, keys from search_changes where version > ${from} order by version`,
      ),
    );
    // One version per statement: a, b (two uploads) then the delete of b.
    expect(log.map((r) => r['keys'])).toEqual([['a'], ['b'], ['b']]);
    expect(follower.appliedVersion).toBe((await readVersion(db)).version);
    await follower.stop();
  });

  it('is told by NOTIFY without asking', async () => {
    const { db } = database;
    const { follower, seen } = recording(db);
    await follower.started;
    await upload(db, ['told']);
    await waitUntil(
      () => Promise.resolve(seen.some(([, c]) => c !== 'all' && c.includes('told'))),
      2_000,
      'the follower hears of the write',
    );
    await follower.stop();
  });

  it('trims what every live follower applied, forgets dead ones, and reloads whole when trimmed past', async () => {
    const { db } = database;
    const { follower } = recording(db);
    await follower.started;
    // A dead server's copy (no heartbeat for a minute) that applied nothing.
    await db.execute(sql`
      insert into search_followers (follower_id, applied, heartbeat_at)
      values ('copy:dead', 0, now() - interval '1 minute')`);
    // A server taken for dead: started before the write, silent since (its heartbeat is old).
    const behind = recording(db, false);
    await behind.follower.started;
    await upload(db, ['c']);
    await db.execute(sql`
      update search_followers set heartbeat_at = now() - interval '1 minute'
      where follower_id = ${behind.follower.followerId}`);
    await follower.heartbeat();
    const version = (await readVersion(db)).version;
    expect((await readVersion(db)).prunedThrough).toBe(version);
    expect(rowsOf(await db.execute(sql`select * from search_changes`))).toEqual([]);
    const followers = rowsOf(await db.execute(sql`select follower_id as id from search_followers`));
    expect(followers.map((r) => r['id'])).toEqual([follower.followerId]);

    // What it missed is gone from the log: it reloads whole.
    await behind.follower.catchUp();
    expect(behind.seen).toContainEqual(['articles', 'all']);
    expect(behind.follower.appliedVersion).toBe(version);
    await behind.follower.stop();
    await follower.stop();
  });
});

it('folds logged changes per index: keys united, a null list means all', () => {
  const folded = collect([
    { index: 'articles', keys: ['1', '2'] },
    { index: 'locations', keys: ['9'] },
    { index: 'articles', keys: ['2', '3'] },
    { index: 'locations', keys: null },
    { index: 'locations', keys: ['8'] },
  ]);
  expect(folded.get('articles')).toEqual(['1', '2', '3']);
  expect(folded.get('locations')).toBe('all');
});
